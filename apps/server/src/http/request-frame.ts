import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { AppError } from '../errors.ts';
import { setAnswerHeader, takeRequestId } from './answer-headers.ts';
import { requestBodyLimit } from './body-limit.ts';
import { compressAnswer, compressionAsked } from './compression.ts';
import { hasMalformedEscape } from './malformed-escape.ts';
import { replaceHandlerFailure } from './on-error.ts';
import { crossSiteWriteCheck, putSecurityHeaders } from './security.ts';

// What every browser-facing request passes, in two middlewares rather than nine. hono's
// compose makes an async frame, a closure and a promise for each layer a request passes, and
// each of ours made its own again: ~40 µs of a signed-in read's CPU went into the layering alone.
// Two, because a check that refuses a request throws, and compose turns what a layer throws into
// the error answer at that layer: the checks sit in the inner one, so the frame around them still
// logs, counts, secures and compresses the refusal.

/**
 * Around every request (app.ts mounts the probes before it): its id (X-Request-Id), its Deps with
 * a logger of its own, the security headers, then, once the answer is made: a handler's own 500
 * replaced by the error shape (or the 503 of an outage), gzip when asked and worth it, its count
 * and time in the metrics, `Connection: close` while shutting down, and its log line.
 */
export function requestFrame(deps: Deps, securityHeaders: [string, string][]): MiddlewareHandler<AppEnv> {
  // The request line's fields are fixed and carry no secret (a path that does is masked: logPath),
  // so it skips the redaction every other line passes: ~3–5 µs a request.
  const requestLog = deps.log.child({}, { redact: { paths: [] } });
  const depsOf = requestDeps(deps);
  return async (c, next) => {
    const started = performance.now();
    const reqId = takeRequestId(c);
    setAnswerHeader(c, 'X-Request-Id', reqId);
    c.set('deps', depsOf(reqId));
    const securityAfterAnswer = putSecurityHeaders(c, securityHeaders);
    const acceptedEncoding = compressionAsked(c);
    try {
      await next();
      await replaceHandlerFailure(c);
      if (acceptedEncoding !== undefined) await compressAnswer(c, acceptedEncoding);
      securityAfterAnswer?.(c);
    } finally {
      const seconds = (performance.now() - started) / 1000;
      // By its route pattern (`/api/blog/articles/:slug`, never the raw path, so the number of
      // series stays bounded) and status.
      const route = c.req.routePath || 'unmatched';
      deps.metrics.observeRequest({ method: c.req.method, route, status: c.res.status }, seconds);
      // Shutting down: the connection ends with this response, so no keep-alive request is lost.
      if (deps.lifecycle.isStopping) c.header('Connection', 'close');
      const ms = Math.round(seconds * 10_000) / 10;
      const path = c.get('logPath') ?? c.req.path;
      requestLog.info({ reqId, method: c.req.method, path, status: c.res.status, ms }, 'request');
    }
  };
}

/**
 * The checks before any handler: under /api, a path whose percent-escapes do not decode (a
 * client's mistake, not a 500 from whichever handler decodes it first) and a cross-site write
 * (`exempt`: the paths whose own token is the authority); then the body limit on every request.
 */
export function requestGuards(
  publicUrl: string,
  { exempt }: { exempt: string[] },
): MiddlewareHandler<AppEnv> {
  const refuseCrossSiteWrite = crossSiteWriteCheck(publicUrl, { exempt });
  return (c, next) => {
    const path = c.req.path;
    if (path === '/api' || path.startsWith('/api/')) {
      if (hasMalformedEscape(c.req.url))
        throw new AppError('BAD_REQUEST', 'The address contains a malformed percent-escape.');
      refuseCrossSiteWrite(c);
    }
    return requestBodyLimit(c, next);
  };
}

/**
 * Each request's Deps: the app's, with `log` the request's own logger, a pino child with its id,
 * made when something first logs (a child costs ~23 µs). An instance of a class whose
 * prototype is `deps`: `Object.create(deps, { log: { get } })` per request cost ~3 µs here, a
 * property descriptor taking V8's slow path each time; `new` takes ~0.1.
 */
function requestDeps(deps: Deps): (reqId: string) => Deps {
  class RequestDeps {
    readonly #reqId: string;
    #log: Deps['log'] | undefined;
    constructor(reqId: string) {
      this.#reqId = reqId;
    }
    get log() {
      this.#log ??= deps.log.child({ reqId: this.#reqId });
      return this.#log;
    }
  }
  Object.setPrototypeOf(RequestDeps.prototype, deps);
  return (reqId) => new RequestDeps(reqId) as unknown as Deps;
}
