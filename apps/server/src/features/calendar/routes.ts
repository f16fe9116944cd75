import { createHash } from 'node:crypto';
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
  // onto its trie router (~3 µs a request). /link, registered first, answers its own.
  .get('/*', async (c) => {
    // The token is the feed's key: the request's log line shows the route instead.
    c.set('logPath', `${c.req.routePath.slice(0, -1)}{token}${ICS}`);
    const file = c.req.path.slice(c.req.routePath.length - 1);
    if (file.includes('/') || !file.endsWith(ICS)) throw new AppError('NOT_FOUND', 'No such API route');
    const { body, lastModified } = await calendarFeed(c.get('deps'), { token: file.slice(0, -ICS.length) });
    c.header('Cache-Control', 'private, max-age=900');
    c.header('X-Robots-Tag', 'noindex');
    // Calendar apps poll: an unchanged feed answers 304 with no body (RFC 9110 §13.1).
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    c.header('ETag', etag);
    c.header('Last-Modified', lastModified.toUTCString());
    if (notModified(c.req.header('if-none-match'), c.req.header('if-modified-since'), etag, lastModified)) {
      return c.body(null, 304);
    }
    return c.body(body, 200, { 'Content-Type': 'text/calendar; charset=utf-8' });
  });

/** If-None-Match decides when sent; otherwise If-Modified-Since (RFC 9110 §13.2.2). */
function notModified(
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
  etag: string,
  at: Date,
) {
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.split(',').some((tag) => {
      const value = tag.trim();
      return value === '*' || value.replace(/^W\//, '') === etag;
    });
  }
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && at.getTime() <= since;
}
