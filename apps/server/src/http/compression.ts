import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

const ACCEPTS_COMPRESSION = /\b(?:gzip|deflate)\b/i;
/** Hono's threshold: a smaller body gains less from gzip than the header and the CPU cost. */
const THRESHOLD_BYTES = 1024;

/**
 * gzip for clients that ask for it (every browser does), for bodies of 1 KB or more. A request
 * without Accept-Encoding passes untouched: Hono's compress() set `Vary` on every response after
 * it was made, which alone cost ~53 µs a request by taking @hono/node-server off its fast path
 * (issue 23). And a small answer is sent as it is: compress() cannot see the size of a body made
 * from a string (no Content-Length yet), so it piped every JSON answer, 30 bytes or 10 KB,
 * through a CompressionStream (~0.3–0.5 ms of CPU; a coaching message's POST spent a fifth of its
 * server CPU there).
 */
export function compressWhenAsked(): MiddlewareHandler {
  const gzip = compress({ threshold: THRESHOLD_BYTES });
  const afterwards = async () => {};
  return async (c, next) => {
    if (!ACCEPTS_COMPRESSION.test(c.req.header('accept-encoding') ?? '')) return next();
    await next();
    const size = stringBodySize(c.res);
    if (size !== undefined && size < THRESHOLD_BYTES) return;
    await gzip(c, afterwards); // compress() runs `afterwards` as its next, then looks at c.res
  };
}

/** @hono/node-server's symbol for a response's body kept as given (see stringBodySize). */
let bodyCacheKey: symbol | undefined;

/**
 * The size in bytes of an answer made from a string, read without building the answer: served by
 * @hono/node-server, such a body is kept under a symbol-keyed cache until it is written (its fast
 * path). Undefined for any other answer (a stream, a file, or outside @hono/node-server), which
 * compress() then judges itself. request-pipeline.test.ts checks this over HTTP.
 */
function stringBodySize(res: Response): number | undefined {
  bodyCacheKey ??= Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'cache');
  const cached = bodyCacheKey && (res as unknown as Record<symbol, unknown>)[bodyCacheKey];
  return Array.isArray(cached) && typeof cached[1] === 'string' ? Buffer.byteLength(cached[1]) : undefined;
}
