import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { requireUser } from '../auth/session.ts';
import { calendarFeed, getCalendarLink, resetCalendarLink } from './service.ts';

const ICS = '.ics';

export const calendarRoutes = new Hono<AppEnv>()
  .get('/link', requireUser(), async (c) =>
    c.json(await getCalendarLink(c.get('deps'), { userId: c.get('user').id })),
  )
  /** Makes the link, or replaces it: the old one answers 404 from now on. */
  .post('/link', requireUser(), async (c) =>
    c.json(await resetCalendarLink(c.get('deps'), { userId: c.get('user').id })),
  )
  // The feed itself, /{token}.ics: no session (calendar apps have none), the token in the path is
  // the key. Matched as `/*` and checked here: a parameter beside /link (`/:file{[^/]+\\.ics}`, or
  // even `/:file`) is a pattern hono's RegExpRouter refuses, which moved every request of the app
  // onto its trie router (issue 23: ~3 µs a request). /link, registered first, answers its own.
  .get('/*', async (c) => {
    // The token is the feed's key: the request's log line shows the route instead.
    c.set('logPath', `${c.req.routePath.slice(0, -1)}{token}${ICS}`);
    const file = c.req.path.slice(c.req.routePath.length - 1);
    if (file.includes('/') || !file.endsWith(ICS)) throw new AppError('NOT_FOUND', 'No such API route');
    const body = await calendarFeed(c.get('deps'), { token: file.slice(0, -ICS.length) });
    c.header('Cache-Control', 'private, max-age=900');
    c.header('X-Robots-Tag', 'noindex');
    return c.body(body, 200, { 'Content-Type': 'text/calendar; charset=utf-8' });
  });
