import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { nodeResponse, requestHeader } from './node-request.ts';

/**
 * Sets a header of the answer to come, before it is made. Served by Node, the header goes on
 * Node's response, which merges it into whatever answer is written (the answer's own header of the
 * same name wins). hono's `c.header` builds a fetch `Headers` for a request's first header, and the
 * answer then leaves @hono/node-server's fast path (~10 µs of a probe's ~60). Without a
 * Node response (`app.request` in tests) it is `c.header`.
 */
export function setAnswerHeader(c: Context, name: string, value: string) {
  const outgoing = nodeResponse(c);
  if (outgoing) outgoing.setHeader(name, value);
  else c.header(name, value);
}

/** What a proxy's own request id may be: hono's requestId() rule (at most 255 word characters, - and =). */
const PROXY_REQUEST_ID = /^[\w\-=]{1,255}$/;

/**
 * The request's id, kept in `c.get('requestId')`, for its answer's X-Request-Id: a proxy's, when it
 * sent a plain one, else a new UUID.
 */
export function takeRequestId(c: Context<AppEnv>) {
  const given = requestHeader(c, 'x-request-id');
  const id = typeof given === 'string' && PROXY_REQUEST_ID.test(given) ? given : crypto.randomUUID();
  c.set('requestId', id);
  return id;
}
