import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { errorBody, UNAVAILABLE_RETRY_AFTER } from '../../errors.ts';
import { databaseAnswers } from '../../platform/db/index.ts';

/** Issue 15: a load balancer learns within a second that the database does not answer. */
const HEALTH_TIMEOUT_MS = 700;

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  c.header('Cache-Control', 'no-store');
  if (await databaseAnswers(c.var.deps.db, HEALTH_TIMEOUT_MS))
    return c.json({ status: 'ok' as const, database: 'ok' as const });
  c.var.log.error('health check: the database did not answer');
  c.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER));
  return c.json(errorBody('UNAVAILABLE', 'Database unreachable'), 503);
});
