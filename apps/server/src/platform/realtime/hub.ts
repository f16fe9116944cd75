import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { CLOSE_CODES, type ServerEvent } from '@core28/core/realtime';
import { isActingStaff } from '@core28/core/staff';
import type { Logger } from 'pino';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Database } from '../db/index.ts';
import type { Listen } from '../db/listen.ts';
import { createAccessCache, type SessionCheck } from './access-cache.ts';
import { type Channel, type ChannelHandlers, type Envelope, PG_CHANNEL, type Viewer } from './channel.ts';
import { headersOf, refuse } from './handshake.ts';
import { withLocalDelivery } from './local.ts';
import {
  createKeyedQueue,
  createRegistry,
  inSlices,
  MAX_SOCKETS,
  PING_SLICE,
  SESSION_SLICE,
  SLICE_GAP_MS,
  type SocketCaps,
} from './registry.ts';

// The realtime hub, one WebSocket endpoint every live feature shares: how it fits together is in
// README.md beside this file.

type Client = { socket: WebSocket; viewer: Viewer; isAlive: boolean };

export type HubOptions = {
  log: Logger;
  listen: Listen;
  /** Only pages of this origin may open a socket. */
  siteOrigin: string;
  /** The signed-in viewer a handshake's cookies name, with their session's expiry, or null. */
  authenticate: (headers: Headers) => Promise<(Viewer & { expiresAt: Date }) | null>;
  /** Which of these sessions are still valid, each with its expiry and its account's staff roles now. */
  validSessions: (sessionIds: string[]) => Promise<SessionCheck[]>;
  heartbeatMs?: number;
  caps?: SocketCaps;
};

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

export function createRealtimeHub(options: HubOptions) {
  const log = options.log.child({ part: 'realtime' });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  const registry = createRegistry<Client>(options.caps ?? MAX_SOCKETS);
  const channels = new Map<string, ChannelHandlers<unknown>>();
  const queue = createKeyedQueue((err, key) => log.error({ err, key }, 'live delivery failed'));
  const counters = { eventsDelivered: 0 };
  const cache = createAccessCache(options.validSessions);
  let stopListening: (() => Promise<void>) | null = null;

  const send = (client: Client, event: ServerEvent | string) => {
    if (client.socket.readyState !== client.socket.OPEN) return false;
    client.socket.send(typeof event === 'string' ? event : JSON.stringify(event));
    return true;
  };

  const register = (socket: WebSocket, viewer: Viewer) => {
    const client: Client = { socket, viewer, isAlive: true };
    if (!registry.add(client)) {
      socket.close(CLOSE_CODES.tooManyConnections, 'too many live connections');
      return;
    }
    socket.on('pong', () => {
      client.isAlive = true;
    });
    socket.on('message', (data) => {
      client.isAlive = true;
      if (String(data) === '{"type":"ping"}') send(client, { type: 'pong' });
    });
    socket.on('close', () => registry.remove(client));
    socket.on('error', () => socket.terminate());
    send(client, { type: 'ready' });
  };

  const closeSessions = (sessionIds: Iterable<string>) => {
    const ended = new Set(sessionIds);
    cache.sessionsEnded(ended);
    for (const client of registry.all())
      if (ended.has(client.viewer.sessionId)) client.socket.close(CLOSE_CODES.sessionEnded, 'session ended');
  };

  /** The clients' sessions as they are now (session id → staff roles); the sockets of ended ones are closed. */
  async function checkSessions(clients: Iterable<Client>, options?: { fresh: boolean }) {
    const { valid, ended } = await cache.check(
      [...clients].map((c) => c.viewer),
      options,
    );
    if (ended.length > 0) closeSessions(ended);
    return valid;
  }

  /** A beat (and its sweep) is spread over a moment: closing stops it between two slices and waits for it. */
  let isClosing = false;
  let beating: Promise<void> = Promise.resolve();

  /**
   * Sessions that ended without an announcement: every socket's session read again (one query).
   * What the cache holds of members' access is not dropped here: every change to it is announced
   * (migration 0016's triggers), the listener's return forgets it all, and each answer lasts only
   * until its period ends. Dropping it at each heartbeat made the next event of every topic wait
   * for its own access query, a burst of slow deliveries every 25 s (the live bench's
   * slowest copies all fell in the second after a heartbeat).
   */
  let isSweeping = false;
  const sweepEndedSessions = async () => {
    if (isSweeping || registry.size === 0) return;
    isSweeping = true;
    try {
      await inSlices(
        registry.all(),
        SESSION_SLICE,
        async (clients) => {
          await checkSessions(clients, { fresh: true });
        },
        { gapMs: SLICE_GAP_MS, isStopped: () => isClosing },
      );
    } catch (err) {
      log.warn({ err }, 'could not check the sessions of live sockets');
    } finally {
      isSweeping = false;
    }
  };

  /**
   * spec §9: a heartbeat every 25 s; a socket that missed the last one is dropped. The sockets are
   * pinged a slice at a time, spread over a moment, so requests are answered in between.
   */
  const beat = async () => {
    await inSlices(
      registry.all(),
      PING_SLICE,
      (clients) => {
        for (const client of clients) {
          if (!client.isAlive) {
            client.socket.terminate();
            continue;
          }
          client.isAlive = false;
          if (client.socket.readyState === client.socket.OPEN) client.socket.ping(); // may have closed meanwhile
        }
      },
      { gapMs: SLICE_GAP_MS, isStopped: () => isClosing },
    );
    await sweepEndedSessions();
  };
  const heartbeat = setInterval(() => {
    beating = beat().catch((err: unknown) => log.warn({ err }, 'heartbeat failed'));
  }, options.heartbeatMs ?? 25_000);
  heartbeat.unref();

  async function deliver(
    name: string,
    handlers: ChannelHandlers<unknown>,
    notice: unknown,
    preloaded?: ServerEvent,
  ) {
    const audience = handlers.audience(notice);
    const candidates = registry.find({ userIds: audience.userIds, staff: audience.staff !== undefined });
    if (candidates.size === 0) return;
    const valid = await checkSessions(candidates);
    // A member of the audience is decided once per event, not once per socket (ten sockets open
    // were ten lookups and ten awaits).
    const members = new Map<string, boolean | undefined>(
      audience.userIds.map((userId) => [userId, undefined]),
    );
    const admitted: Client[] = [];
    for (const client of candidates) {
      const staff = valid.get(client.viewer.sessionId);
      if (staff === undefined) continue;
      // Staff are asked with their roles as the session store has them now, per event.
      if (audience.staff && staff && isActingStaff(staff) && audience.staff(staff, client.viewer.userId)) {
        admitted.push(client);
        continue;
      }
      const { userId } = client.viewer;
      if (!members.has(userId)) continue;
      let allowed = members.get(userId);
      if (allowed === undefined) {
        allowed = await cache.allows(name, userId, handlers.access);
        members.set(userId, allowed);
      }
      if (allowed) admitted.push(client);
    }
    if (admitted.length === 0) return;
    const event = preloaded ?? (await handlers.event(notice));
    if (!event) return;
    const data = JSON.stringify(event);
    for (const client of admitted) if (send(client, data)) counters.eventsDelivered++;
  }

  /** This instance's publications: delivered at their commit, their NOTIFY skipped when it comes back. */
  const origin = randomUUID();

  const receive = (envelope: Envelope, preloaded?: ServerEvent) => {
    if ('sessionsEnded' in envelope) return closeSessions(envelope.sessionsEnded);
    if ('accessChanged' in envelope) return cache.accessChanged(envelope.accessChanged);
    const { channel, key, notice } = envelope;
    const handlers = channels.get(channel);
    if (!handlers) return log.warn({ channel }, 'notice for a channel nobody registered');
    queue.push(`${channel}:${key}`, () => deliver(channel, handlers, notice, preloaded));
  };

  const onPayload = (payload: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      log.warn({ payload }, 'unreadable notification');
      return;
    }
    if (envelope.origin !== origin) receive(envelope);
  };

  return {
    /** Registers a feature's handlers for its channel; one registration per channel. */
    channel<Notice>(channel: Channel<Notice>, handlers: ChannelHandlers<Notice>) {
      if (channels.has(channel.name)) throw new Error(`realtime channel ${channel.name} is registered twice`);
      channels.set(channel.name, handlers as ChannelHandlers<unknown>);
    },

    async start() {
      const listener = await options.listen(PG_CHANNEL, {
        onPayload,
        onResume: () => {
          log.warn('database listener is back; asking clients to refetch');
          cache.forget(); // changes announced while it was away are lost
          for (const client of registry.all()) send(client, { type: 'resync' });
        },
        onError: (err) => log.error({ err }, 'database listener lost'),
      });
      stopListening = listener.stop;
    },

    /** The server's database, this instance's publications delivered here as they commit (local.ts). */
    deliveringLocally: (db: Database) => withLocalDelivery(db, origin, receive),

    /** For the HTTP server's 'upgrade' event on REALTIME_PATH. */
    async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      socket.on('error', () => socket.destroy());
      try {
        if (req.headers.origin !== options.siteOrigin)
          return refuse(socket, 403, 'FORBIDDEN', 'Cross-site connections are refused.');
        const since = cache.mark();
        const found = await options.authenticate(headersOf(req));
        if (!found) return refuse(socket, 401, 'UNAUTHORIZED', 'Please sign in to continue.');
        const { expiresAt, ...viewer } = found;
        // What the handshake reads is what the socket's first event would ask: remembered.
        const registered = [...channels];
        const answers = await Promise.all(
          registered.map(([name, handlers]) =>
            handlers.authorize(viewer, () => cache.allows(name, viewer.userId, handlers.access)),
          ),
        );
        if (!answers.includes(true))
          return refuse(
            socket,
            403,
            'FORBIDDEN',
            registered[0]?.[1].refusal ?? 'No live updates for this account.',
          );
        cache.remember(viewer, expiresAt, since);
        wss.handleUpgrade(req, socket, head, (ws) => register(ws, viewer));
      } catch (err) {
        log.error({ err }, 'realtime handshake failed');
        socket.destroy();
      }
    },

    /** Plain counters for /metrics: sockets open on this instance, events sent (one per socket). */
    stats: () => ({ openSockets: registry.size, eventsDelivered: counters.eventsDelivered }),

    async close() {
      clearInterval(heartbeat);
      isClosing = true;
      await beating;
      await stopListening?.();
      for (const client of wss.clients) client.close(1001, 'server shutting down');
      await queue.idle();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
