import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { requireUser } from '../auth/session.ts';
import { calendarFeed, getCalendarLink, resetCalendarLink } from './service.ts';

export const calendarRoutes = new Hono<AppEnv>()
  .get('/link', requireUser(), async (c) =>
    c.json(await getCalendarLink(c.var.deps, { userId: c.var.user.id })),
  )
  /** Makes the link, or replaces it: the old one answers 404 from now on. */
  .post('/link', requireUser(), async (c) =>
    c.json(await resetCalendarLink(c.var.deps, { userId: c.var.user.id })),
  )
  // The feed itself: no session (calendar apps have none), the token in the path is the key.
  .get('/:file{[^/]+\\.ics}', async (c) => {
    const body = await calendarFeed(c.var.deps, { token: c.req.param('file').slice(0, -'.ics'.length) });
    c.header('Cache-Control', 'private, max-age=900');
    c.header('X-Robots-Tag', 'noindex');
    return c.body(body, 200, { 'Content-Type': 'text/calendar; charset=utf-8' });
  });
