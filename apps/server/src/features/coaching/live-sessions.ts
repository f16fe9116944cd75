import { sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Deps } from '../../context.ts';
import { readSession } from '../auth/session.ts';
import { COACHING_CHANNEL } from './service.ts';

/** Sent through the coaching channel when sessions end, so every instance closes their sockets. */
export type SessionsEndedNotice = { t: 'sessions-ended'; sessionIds: string[] };

/** Tells every instance (this one included) to close the live sockets of these sessions now. */
export const announceSessionsEnded = (deps: Deps, sessionIds: string[]) =>
  deps.db.execute(
    sql`select pg_notify(${COACHING_CHANNEL}, ${JSON.stringify({ t: 'sessions-ended', sessionIds } satisfies SessionsEndedNotice)})`,
  );

/**
 * Around better-auth's sign-out: once it has ended the session, that session's sockets on every
 * instance are closed (SECURITY.md), not left open until the next event checks them.
 */
export const closeLiveOnSignOut = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== 'POST') return next();
  await readSession(c);
  const sessionId = c.var.sessionId;
  await next();
  if (sessionId && c.res.ok)
    await announceSessionsEnded(c.var.deps, [sessionId]).catch((err) =>
      c.var.log.error({ err }, 'could not announce the end of a session to live sockets'),
    );
});
