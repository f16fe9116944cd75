import { IncomingMessage, type ServerResponse } from 'node:http';
import type { Context } from 'hono';

// What the pipeline reads of a request, read from Node's request when Node serves it.
// Through hono, `c.req.header(name)` on @hono/node-server first copies every header of the request
// into a fetch `Headers` (each name and value checked again): ~4 µs and its garbage per request
// for the few headers most requests read (Accept-Encoding, Origin, the cookie). Node's response,
// likewise, takes the headers set before an answer is made (answer-headers.ts, security.ts).

/**
 * Node's request when @hono/node-server serves this one; undefined through `app.request`, where
 * tests may pass a stand-in with just a socket address (testing/harness.ts).
 */
export function nodeRequest(c: { env: unknown }): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? incoming : undefined;
}

/** Node's response when @hono/node-server serves the request; undefined through `app.request`. */
export function nodeResponse(c: { env: unknown }): ServerResponse | undefined {
  return (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
}

/**
 * A request header as `c.req.header(name)` gives it. From Node's request,
 * a header sent twice reads as Node joins it: with ', ' as fetch does (a cookie with '; '; of a
 * header that may come only once, such as Authorization, the first).
 */
export function requestHeader(c: Pick<Context, 'env' | 'req'>, name: string): string | undefined {
  const incoming = nodeRequest(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}
