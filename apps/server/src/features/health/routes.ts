import { type Context, Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { errorBody, UNAVAILABLE_RETRY_AFTER } from '../../errors.ts';
import { takeRequestId } from '../../http/answer-headers.ts';
import { machineSecurityHeaderList } from '../../http/security.ts';
import { databaseAnswers, migrationsAreCurrent } from '../../platform/db/index.ts';

/** A load balancer learns within a second that the database does not answer. */
const READY_TIMEOUT_MS = 700;

/**
 * Liveness asks nothing of the database: a liveness probe that failed with it would have the
 * orchestrator restart every instance during a database blip, which a restart cannot mend.
 * Answering at all is being alive; readiness takes the instance out of the pool meanwhile.
 */
const isAlive = () => null;

/** Why this instance should not get traffic now, or null. */
async function notReadyReason(deps: Deps): Promise<string | null> {
  if (deps.lifecycle.isStopping) return 'Shutting down';
  if (!(await databaseAnswers(deps.db, READY_TIMEOUT_MS))) {
    deps.log.error('readiness check: the database did not answer');
    return 'Database unreachable';
  }
  const isCurrent = await migrationsAreCurrent(deps.db).catch(() => false);
  if (!isCurrent) return 'Database migrations are behind this version';
  if (!deps.jobs.isRunning()) return 'Job queue not running';
  return null;
}

/**
 * The probes, GET /api/health (liveness: 200 while the process answers, whatever its database) and
 * GET /api/ready (readiness, the load balancer's: 200 when this instance should get requests; 503
 * with the reason while its database is away or behind, its job queue is stopped, or it is
 * shutting down).
 *
 * app.ts mounts them before the browser-facing pipeline (its layers cost a probe more
 * CPU than the probe's own work). A probe has no body, cookie, session or Origin to check, its 30 bytes are not
 * worth compressing, and it is not logged (a few a second from each load balancer); it carries
 * what applies to it: its request id, the security headers of a JSON answer to a machine,
 * no-store, `Connection: close` while shutting down, and its count and time in the metrics. Any
 * other method on these paths goes through the whole pipeline (a 404).
 *
 * Its answer is made whole, its headers one plain object: @hono/node-server hands that object to
 * Node's `writeHead` as it is (setting them one by one on Node's response, or hono's
 * `c.json` with more than one header, builds a header map per request).
 */
export function probeRoutes(deps: Deps) {
  const fixed: Record<string, string> = {
    'Content-Type': 'application/json',
    ...Object.fromEntries(machineSecurityHeaderList(deps.config.isProduction)),
    'Cache-Control': 'no-store',
  };
  const probe = (whyNotOk: (deps: Deps) => string | null | Promise<string | null>, ok: object) => {
    const okBody = JSON.stringify(ok);
    return async (c: Context<AppEnv>) => {
      const started = performance.now();
      let status = 500;
      try {
        c.set('deps', deps);
        const headers: Record<string, string> = { ...fixed, 'X-Request-Id': takeRequestId(c) };
        if (deps.lifecycle.isStopping) headers.Connection = 'close';
        const reason = await whyNotOk(deps);
        status = reason ? 503 : 200;
        if (!reason) return new Response(okBody, { status, headers });
        headers['Retry-After'] = String(UNAVAILABLE_RETRY_AFTER);
        return new Response(JSON.stringify(errorBody('UNAVAILABLE', reason)), { status, headers });
      } finally {
        deps.metrics.observeRequest(
          { method: c.req.method, route: c.req.routePath, status },
          (performance.now() - started) / 1000,
        );
      }
    };
  };
  return new Hono<AppEnv>()
    .get('/health', probe(isAlive, { status: 'ok' }))
    .get('/ready', probe(notReadyReason, { status: 'ready' }));
}
