import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { type AppError, errorBody } from '../errors.ts';
import { nodeRequest } from './node-request.ts';

const KB = 1024;
/** Every JSON body; the biggest legitimate one (contact, a coaching message) is under 25 KB. */
export const JSON_BODY_LIMIT = 64 * KB;
/** An article's Markdown may be 100,000 characters, escaped as JSON. */
const ARTICLE_BODY_LIMIT = 1024 * KB;
/** Stripe's signed events; read raw before the signature is checked. */
const WEBHOOK_BODY_LIMIT = 1024 * KB;

const tooLarge = (maxSize: number) => (c: Context<AppEnv>) => {
  // Whatever the client still sends is not read: close the connection after answering.
  c.header('Connection', 'close');
  return c.json(
    errorBody('PAYLOAD_TOO_LARGE', `The request is too large (at most ${Math.round(maxSize / KB)} KB).`),
    413,
  );
};

/**
 * hono's bodyLimit, except that a declared length is checked from Node's request when served by
 * Node: hono's reads `c.req.raw.body` first, which builds a whole fetch Request. The
 * rule is the same: a declared length (without Transfer-Encoding) over the limit is refused at once,
 * anything else is counted as it is read.
 */
const limit = (maxSize: number) => {
  const counted = bodyLimit({ maxSize, onError: tooLarge(maxSize) });
  return async (c: Context<AppEnv>, next: Next) => {
    const headers = nodeRequest(c)?.headers;
    const declared = headers?.['content-length'];
    if (declared === undefined || headers?.['transfer-encoding'] !== undefined) return counted(c, next);
    return Number.parseInt(declared, 10) > maxSize ? tooLarge(maxSize)(c) : next();
  };
};
const byDefault = limit(JSON_BODY_LIMIT);
const forArticles = limit(ARTICLE_BODY_LIMIT);
const forWebhooks = limit(WEBHOOK_BODY_LIMIT);

/** The portrait uploads: AVATAR_MAX_BYTES, after the route's access check (http/portrait-upload.ts). */
const PORTRAIT_PATHS = new Set(['/api/profile/avatar', '/api/admin/coach-profile/photo']);
/** The exercise video upload: VIDEO_MAX_BYTES, after the admin check. */
const EXERCISE_VIDEO_PATH = /^\/api\/admin\/exercises\/[^/]+\/video$/;
/** A chat attachment: ATTACHMENT_MAX_BYTES, after the coaching check (coaching/attachment-routes.ts). */
const ATTACHMENT_PATH = /^\/api\/(admin\/)?coaching\/topics\/[^/]+\/attachments$/;

/**
 * One limit on every request body, checked before a byte of it is read: the declared
 * Content-Length is refused at once, a chunked body as soon as it passes the limit. The portrait
 * uploads have their own limit (5 MB, http/portrait-upload.ts), and so has an exercise's video
 * (VIDEO_MAX_BYTES, after the admin check: features/exercises/admin-routes.ts).
 */
export const requestBodyLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  // A GET or HEAD has no body to limit: a fetch Request drops it, so hono's bodyLimit always let
  // them through. Checked first, because that check reads `c.req.raw.body`, which builds a whole
  // fetch Request for every request (~6 % of a GET's CPU).
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const path = c.req.path;
  if (c.req.method === 'POST' && PORTRAIT_PATHS.has(path)) return next();
  if (c.req.method === 'POST' && EXERCISE_VIDEO_PATH.test(path)) return next();
  if (c.req.method === 'POST' && ATTACHMENT_PATH.test(path)) return next();
  if (path.startsWith('/api/admin/blog/')) return forArticles(c, next);
  if (path.startsWith('/api/webhooks/')) return forWebhooks(c, next);
  return byDefault(c, next);
};

/** Room for the multipart boundaries, headers and caption around an uploaded file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * An upload route's own body limit (requestBodyLimit leaves those routes to it), placed after the
 * route's access check so nobody else gets a byte read: a declared length is refused at once, a
 * chunked body as soon as it passes the limit, with the route's own 413.
 */
export const uploadBodyLimit = (
  maxBytesOf: (c: Context<AppEnv>) => number,
  tooLarge: (maxBytes: number) => AppError,
) =>
  createMiddleware<AppEnv>((c, next) => {
    const maxBytes = maxBytesOf(c);
    return bodyLimit({
      maxSize: maxBytes + MULTIPART_OVERHEAD,
      onError: (c) => {
        c.header('Connection', 'close'); // the rest of the body is not read
        throw tooLarge(maxBytes);
      },
    })(c, next);
  });
