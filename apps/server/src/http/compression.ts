import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { requestHeader } from './node-request.ts';

const ACCEPTS_COMPRESSION = /\b(?:gzip|deflate)\b/i;
const ACCEPTS_GZIP = /\bgzip\b(?!\s*;\s*q\s*=\s*0(?:\.0*)?(?![\d.]))/i;
/** Hono's threshold: a smaller body gains less from gzip than the header and the CPU cost. */
const THRESHOLD_BYTES = 1024;

/**
 * gzip for clients that ask for it (every browser does), for bodies of 1 KB or more; the request
 * frame (http/request-frame.ts) reads `compressionAsked` before the answer and calls
 * `compressAnswer` after it. A request without Accept-Encoding passes untouched: Hono's compress()
 * set `Vary` on every response after it was made, which alone cost ~53 µs a request by taking
 * @hono/node-server off its fast path. An answer made from a string (every JSON answer)
 * is judged by its size and, when worth it, gzipped at once with zlib: compress() cannot see the
 * size of such a body (no Content-Length yet), so it piped every JSON answer, 30 bytes or 10 KB,
 * through a CompressionStream (~0.3–0.5 ms of CPU; a coaching message's POST spent a fifth of its
 * server CPU there). Anything else (a stream, or outside @hono/node-server) goes to compress() as
 * before.
 */
const viaStream = compress({ threshold: THRESHOLD_BYTES });
const afterwards = async () => {};

/** The request's Accept-Encoding when it asks for gzip or deflate, else undefined. */
export function compressionAsked(c: Context): string | undefined {
  const accepted = requestHeader(c, 'accept-encoding');
  return accepted !== undefined && ACCEPTS_COMPRESSION.test(accepted) ? accepted : undefined;
}

/** The answer compressed as `accepted` (what `compressionAsked` gave) allows, when worth it. */
export async function compressAnswer(c: Context, accepted: string) {
  const kept = keptBody(c.res);
  if (!kept || !ACCEPTS_GZIP.test(accepted)) return viaStream(c, afterwards); // compress() runs `afterwards` as its next
  if (Buffer.byteLength(kept.body) < THRESHOLD_BYTES) return;
  const headers = new Headers(kept.headers);
  if (!isWorthGzipping(c, kept.status, headers)) return;
  headers.set('Content-Encoding', 'gzip');
  headers.delete('Content-Length');
  const vary = headers.get('Vary');
  if (vary !== '*' && !/\baccept-encoding\b/i.test(vary ?? ''))
    headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const etag = headers.get('ETag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  c.res = undefined; // so the plain answer's headers are not merged back in
  c.res = new Response(gzipSync(kept.body), { status: kept.status, headers });
}

/** compress()'s rules: not a range, not encoded already, not HEAD, a compressible type, no no-transform. */
function isWorthGzipping(c: Context, status: number, headers: Headers) {
  return (
    status !== 206 &&
    !headers.has('Content-Encoding') &&
    c.req.method !== 'HEAD' &&
    COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get('Content-Type') ?? '') &&
    !/\bno-transform\b/i.test(headers.get('Cache-Control') ?? '')
  );
}

/** @hono/node-server's symbol for a response's body kept as given (see keptBody). */
let bodyCacheKey: symbol | undefined;

/**
 * An answer made from a string, read without building it: served by @hono/node-server, such a
 * body is kept with its status and headers under a symbol-keyed cache until it is written (its
 * fast path). Undefined for any other answer (a stream, a file, or outside @hono/node-server).
 * request-pipeline.test.ts checks this over HTTP, so a change in the library fails the suite.
 */
function keptBody(
  res: Response,
): { status: number; body: string; headers: ConstructorParameters<typeof Headers>[0] } | undefined {
  bodyCacheKey ??= Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'cache');
  const cached = bodyCacheKey && (res as unknown as Record<symbol, unknown>)[bodyCacheKey];
  if (!Array.isArray(cached) || typeof cached[1] !== 'string') return undefined;
  const [status, body, headers] = cached as [number, string, ConstructorParameters<typeof Headers>[0]];
  return { status, body, headers };
}
