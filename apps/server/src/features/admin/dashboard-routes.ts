import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { requireAdmin } from '../auth/session.ts';
import { dashboardCards, programAnalytics, recentActivity, recentMessages } from './dashboard.ts';

/** /api/admin/dashboard: the four cards with their change since yesterday, recent messages and activity. */
export const adminDashboardRoutes = new Hono<AppEnv>().use(requireAdmin).get('/', async (c) => {
  const deps = c.var.deps;
  const [cards, messages, activity] = await Promise.all([
    dashboardCards(deps),
    recentMessages(deps),
    recentActivity(deps),
  ]);
  return c.json({ ...cards, recentMessages: messages, recentActivity: activity });
});

/** /api/admin/program: analytics of member progress. */
export const adminProgramRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', async (c) => c.json(await programAnalytics(c.var.deps)));
