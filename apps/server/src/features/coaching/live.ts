import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { CLOSE_CODES, type ServerEvent } from '@core28/core/realtime';
import { canUseCoaching } from '@core28/core/subscriptions';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Deps } from '../../context.ts';
import type { Listen } from '../../platform/db/listen.ts';
import { listValidSessions } from '../auth/service.ts';
import { getMemberSubscriptionState } from '../subscriptions/service.ts';
import { COACHING_REFUSED, coachingAccess } from './guard.ts';
import { COACHING_CHANNEL, type CoachingNotice, findMessage, type SessionsEndedNotice } from './service.ts';

export const REALTIME_PATH = '/api/realtime';
/**
 * Issue 15: one member opened 3,000 sockets. Per server instance, a session may hold 10 and a
 * member 20 (several devices); the next is closed at once with CLOSE_CODES.tooManyConnections.
 */
export const MAX_SOCKETS = { perSession: 10, perMember: 20 } as const;

type LiveClient = {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  isAdmin: boolean;
  isAlive: boolean;
};

export type CoachingLive = ReturnType<typeof createCoachingLive>;

/**
 * The live side of coaching: WebSocket clients of this instance, fed by Postgres NOTIFY from
 * any instance. Who may see an event is decided again for every event, not only at connect.
 */
export function createCoachingLive(deps: Deps, listen: Listen, options: { heartbeatMs?: number } = {}) {
  const log = deps.log.child({ part: 'realtime' });
  const siteOrigin = new URL(deps.config.publicUrl).origin;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const byUser = new Map<string, Set<LiveClient>>();
  const admins = new Set<LiveClient>();
  const everyone = new Set<LiveClient>();
  /** Per-topic delivery chains: events of one topic stay in order, topics do not wait on each other. */
  const chains = new Map<string, Promise<void>>();
  let stopListening: (() => Promise<void>) | null = null;

  const send = (client: LiveClient, event: ServerEvent) => {
    if (client.socket.readyState === client.socket.OPEN) client.socket.send(JSON.stringify(event));
  };

  const forget = (client: LiveClient) => {
    const own = byUser.get(client.userId);
    own?.delete(client);
    if (own?.size === 0) byUser.delete(client.userId);
    admins.delete(client);
    everyone.delete(client);
  };

  const register = (socket: WebSocket, client: Omit<LiveClient, 'socket' | 'isAlive'>) => {
    const own = byUser.get(client.userId) ?? new Set<LiveClient>();
    if (
      own.size >= MAX_SOCKETS.perMember ||
      [...own].filter((c) => c.sessionId === client.sessionId).length >= MAX_SOCKETS.perSession
    ) {
      socket.close(CLOSE_CODES.tooManyConnections, 'too many live connections');
      return;
    }
    const live: LiveClient = { ...client, socket, isAlive: true };
    byUser.set(live.userId, own.add(live));
    if (live.isAdmin) admins.add(live);
    everyone.add(live);
    socket.on('pong', () => {
      live.isAlive = true;
    });
    socket.on('message', (data) => {
      live.isAlive = true;
      if (String(data) === '{"type":"ping"}') send(live, { type: 'pong' });
    });
    socket.on('close', () => forget(live));
    socket.on('error', () => socket.terminate());
    send(live, { type: 'ready' });
  };

  const closeSessions = (sessionIds: Iterable<string>) => {
    const ended = new Set(sessionIds);
    for (const client of everyone)
      if (ended.has(client.sessionId)) client.socket.close(CLOSE_CODES.sessionEnded, 'session ended');
  };

  /**
   * Sessions that ended without a sign-out here (expired, revoked by a password change, the
   * account deleted): their sockets close at the next heartbeat.
   */
  let isSweeping = false;
  const sweepEndedSessions = async () => {
    if (isSweeping || everyone.size === 0) return;
    isSweeping = true;
    try {
      const open = [...new Set([...everyone].map((c) => c.sessionId))];
      const valid = await listValidSessions(deps, { sessionIds: open });
      const validIds = new Set(valid.map((row) => row.id));
      closeSessions(open.filter((id) => !validIds.has(id)));
    } catch (err) {
      log.warn({ err }, 'could not check the sessions of live sockets');
    } finally {
      isSweeping = false;
    }
  };

  /** spec §9: a heartbeat every 25 s; a socket that missed the last one is dropped. */
  const heartbeat = setInterval(() => {
    for (const live of everyone) {
      if (!live.isAlive) {
        live.socket.terminate();
        continue;
      }
      live.isAlive = false;
      live.socket.ping();
    }
    void sweepEndedSessions();
  }, options.heartbeatMs ?? 25_000);
  heartbeat.unref();

  /** Whose sockets may receive this event now: valid sessions of the owner (with the tier) or of admins. */
  async function recipients(notice: CoachingNotice): Promise<LiveClient[]> {
    const candidates = [...(byUser.get(notice.ownerId) ?? []), ...admins];
    if (candidates.length === 0) return [];
    const sessionIds = [...new Set(candidates.map((c) => c.sessionId))];
    const [valid, ownerSubscription] = await Promise.all([
      listValidSessions(deps, { sessionIds }),
      byUser.has(notice.ownerId) ? getMemberSubscriptionState(deps, { userId: notice.ownerId }) : null,
    ]);
    const adminBySession = new Map(valid.map((row) => [row.id, row.isAdmin]));
    const allowed: LiveClient[] = [];
    for (const client of new Set(candidates)) {
      const isAdminNow = adminBySession.get(client.sessionId);
      if (isAdminNow === undefined) {
        client.socket.close(CLOSE_CODES.sessionEnded, 'session ended'); // signed out or expired since connecting
        continue;
      }
      // A member reads only their own topics; the admins read every one.
      const subscription = client.userId === notice.ownerId ? ownerSubscription : null;
      if (canUseCoaching(subscription, { isAdmin: isAdminNow })) allowed.push(client);
    }
    return allowed;
  }

  async function deliver(notice: CoachingNotice) {
    const clients = await recipients(notice);
    if (clients.length === 0) return;
    if (notice.t === 'topic') {
      for (const client of clients) send(client, { type: 'topic', topicId: notice.topicId });
      return;
    }
    const message = await findMessage(deps, { messageId: notice.messageId });
    if (!message) return;
    const payload = JSON.stringify({
      type: 'message',
      topicId: notice.topicId,
      message,
    } satisfies ServerEvent);
    for (const client of clients)
      if (client.socket.readyState === client.socket.OPEN) client.socket.send(payload);
  }

  const onPayload = (payload: string) => {
    let notice: CoachingNotice | SessionsEndedNotice;
    try {
      notice = JSON.parse(payload) as CoachingNotice | SessionsEndedNotice;
    } catch {
      log.warn({ payload }, 'unreadable notification');
      return;
    }
    if (notice.t === 'sessions-ended') return closeSessions(notice.sessionIds);
    const previous = chains.get(notice.topicId) ?? Promise.resolve();
    const next = previous
      .then(() => deliver(notice))
      .catch((err) => log.error({ err, notice }, 'live delivery failed'))
      .finally(() => {
        if (chains.get(notice.topicId) === next) chains.delete(notice.topicId);
      });
    chains.set(notice.topicId, next);
  };

  /** An HTTP answer on the raw socket, for a refused handshake. */
  const refuse = (socket: Duplex, status: 401 | 403, code: string, message: string) => {
    const body = JSON.stringify({ error: { code, message } });
    const reason = status === 401 ? 'Unauthorized' : 'Forbidden';
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  };

  return {
    async start() {
      const listener = await listen(COACHING_CHANNEL, {
        onPayload,
        onResume: () => {
          log.warn('database listener is back; asking clients to refetch');
          for (const client of everyone) send(client, { type: 'resync' });
        },
        onError: (err) => log.error({ err }, 'database listener lost'),
      });
      stopListening = listener.stop;
    },

    /** For the HTTP server's 'upgrade' event on REALTIME_PATH. */
    async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      socket.on('error', () => socket.destroy());
      try {
        if (req.headers.origin !== siteOrigin)
          return refuse(socket, 403, 'FORBIDDEN', 'Cross-site connections are refused.');
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (typeof value === 'string') headers.set(name, value);
          else if (Array.isArray(value)) headers.set(name, value.join(', '));
        }
        const session = await deps.auth.api.getSession({ headers });
        if (!session) return refuse(socket, 401, 'UNAUTHORIZED', 'Please sign in to continue.');
        const access = await coachingAccess(deps, { user: session.user });
        if (!access.isAllowed) return refuse(socket, 403, 'FORBIDDEN', COACHING_REFUSED);
        wss.handleUpgrade(req, socket, head, (ws) =>
          register(ws, { userId: session.user.id, sessionId: session.session.id, isAdmin: access.isAdmin }),
        );
      } catch (err) {
        log.error({ err }, 'realtime handshake failed');
        socket.destroy();
      }
    },

    /** Connected sockets on this instance. */
    get size() {
      return wss.clients.size;
    },

    async close() {
      clearInterval(heartbeat);
      await stopListening?.();
      for (const client of wss.clients) client.close(1001, 'server shutting down');
      await Promise.allSettled([...chains.values()]);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
