import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { errorBody, UNAVAILABLE_RETRY_AFTER } from '../../errors.ts';
import { databaseAnswers, migrationsAreCurrent } from '../../platform/db/index.ts';

/** Issue 15: a load balancer learns within a second that the database does not answer. */
const HEALTH_TIMEOUT_MS = 700;

/** The probes: not logged as requests (app.ts). */
export const PROBE_PATHS = new Set(['/api/health', '/api/ready']);

/** Liveness: the process answers and reaches its database. */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  if (await databaseAnswers(c.var.deps.db, HEALTH_TIMEOUT_MS))
    return c.json({ status: 'ok' as const, database: 'ok' as const });
  c.var.deps.log.error('health check: the database did not answer');
  c.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER));
  return c.json(errorBody('UNAVAILABLE', 'Database unreachable'), 503);
});

/** Why this instance should not get traffic now, or null (issue 19). */
async function notReadyReason(deps: Deps): Promise<string | null> {
  if (deps.lifecycle.isStopping) return 'Shutting down';
  if (!(await databaseAnswers(deps.db, HEALTH_TIMEOUT_MS))) return 'Database unreachable';
  const isCurrent = await migrationsAreCurrent(deps.db).catch(() => false);
  if (!isCurrent) return 'Database migrations are behind this version';
  if (!deps.jobs.isRunning()) return 'Job queue not running';
  return null;
}

/**
 * Readiness, for a load balancer: 200 when this instance should get requests; 503 with the reason
 * while its database is away or behind, its job queue is stopped, or it is shutting down.
 */
export const readyRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  const reason = await notReadyReason(c.var.deps);
  if (!reason) return c.json({ status: 'ready' as const });
  c.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER));
  return c.json(errorBody('UNAVAILABLE', reason), 503);
});
