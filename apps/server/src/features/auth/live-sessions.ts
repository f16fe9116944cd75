import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context.ts';
import { announceSessionsEnded } from '../../platform/realtime/channel.ts';
import { readSession } from './session.ts';

/**
 * Around better-auth's sign-out: once it has ended the session, that session's live sockets on
 * every instance are closed (SECURITY.md), not left open until the next event checks them.
 */
export const closeLiveOnSignOut = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== 'POST') return next();
  await readSession(c);
  const sessionId = c.get('sessionId');
  await next();
  if (sessionId && c.res.ok)
    await announceSessionsEnded(c.get('deps').db, { sessionIds: [sessionId] }).catch((err) =>
      c.get('deps').log.error({ err }, 'could not announce the end of a session to live sockets'),
    );
});
