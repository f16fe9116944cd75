import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { errorBody } from '../../errors.ts';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  try {
    await c.var.deps.db.execute(sql`select 1`);
    return c.json({ status: 'ok' as const, database: 'ok' as const });
  } catch (err) {
    c.var.log.error({ err }, 'health check: database unreachable');
    return c.json(errorBody('UNAVAILABLE', 'Database unreachable'), 503);
  }
});
