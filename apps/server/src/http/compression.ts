import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

const ACCEPTS_COMPRESSION = /\b(?:gzip|deflate)\b/i;

/**
 * gzip for clients that ask for it (bodies of 1 KB or more, Hono's threshold). A request without
 * Accept-Encoding passes untouched: Hono's compress() set `Vary` on every response after it was
 * made, which alone cost ~53 µs a request by taking @hono/node-server off its fast path (issue 23).
 * Without compression there is nothing for a cache to vary on.
 */
export function compressWhenAsked(): MiddlewareHandler {
  const gzip = compress();
  return (c, next) =>
    ACCEPTS_COMPRESSION.test(c.req.header('accept-encoding') ?? '') ? gzip(c, next) : next();
}
