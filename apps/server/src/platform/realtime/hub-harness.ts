import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REALTIME_PATH, type ServerEvent } from '@core28/core/realtime';
import type { Staff } from '@core28/core/staff';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { openTestDatabase } from '../../testing/harness.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { publish, realtimeChannel, type Viewer } from './channel.ts';
import { createRealtimeHub, type RealtimeHub } from './hub.ts';

// The hub with a channel of the test's own, on a real HTTP server and the test database's
// LISTEN/NOTIFY. A viewer is named by a cookie `viewer=<userId>:<sessionId>[:admin]`; the valid
// sessions are the test's `sessions` map, the hub's port to the session store.

export const ORIGIN = 'http://localhost:3999';
export type Notice = { to: string[]; key: string; n: number; gate?: string; fails?: boolean };
export const TEST = realtimeChannel<Notice>('test');
export const OTHER = realtimeChannel<Notice>('other');

export const sessions = new Map<string, boolean>();
/** Sessions that expire before the test's hour is up. */
export const expiries = new Map<string, number>();
/** Members the test channel refuses at the handshake, and those it admits no event to. */
export const refused = new Set<string>();
export const notAdmitted = new Set<string>();
export const gates = new Map<string, { promise: Promise<void>; open: () => void }>();
/** The hub's questions to its ports after the handshake: sessions looked up, and members' access. */
export const asked = { sessions: 0, access: 0 };

export let database: DatabaseHandle;
export let hub: RealtimeHub;
export let port: number;
/** Closes the hub and its server. */
export let closeServer: () => Promise<void>;

/** A hub on the test database with the test's ports and channel, served on its own port. */
export async function startHub(options: { heartbeatMs?: number } = {}) {
  const started = createRealtimeHub({
    log: pino({ level: 'silent' }),
    listen: database.listen,
    siteOrigin: ORIGIN,
    caps: { perSession: 2, perMember: 3 },
    heartbeatMs: options.heartbeatMs,
    authenticate: async (headers) => {
      const [userId, sessionId, role] =
        /viewer=(\S+)/.exec(headers.get('cookie') ?? '')?.[1]?.split(':') ?? [];
      if (!userId || !sessionId || !sessions.has(sessionId)) return null;
      const expiresAt = new Date(expiries.get(sessionId) ?? Date.now() + 3_600_000);
      return { userId, sessionId, staff: role === 'admin' ? OWNER : null, expiresAt };
    },
    validSessions: async (ids) => {
      asked.sessions++;
      return ids
        .map((id) => ({ id, expiresAt: new Date(expiries.get(id) ?? Date.now() + 3_600_000) }))
        .filter(({ id, expiresAt }) => sessions.has(id) && expiresAt.getTime() > Date.now())
        .map((row) => ({ ...row, staff: sessions.get(row.id) ? OWNER : null }));
    },
  });
  started.channel(TEST, {
    authorize: async (viewer, allowed) => !refused.has(viewer.userId) && allowed(),
    refusal: 'The test channel is not for you.',
    audience: (notice) => ({ userIds: notice.to }),
    access: async (userId) => {
      asked.access++;
      return { allowed: !notAdmitted.has(userId), until: null };
    },
    event: async (notice) => {
      if (notice.gate) await gates.get(notice.gate)?.promise;
      if (notice.fails) throw new Error('a failing delivery');
      return { type: 'topic', topicId: `${notice.key}#${notice.n}` };
    },
  });
  const server = createServer();
  server.on('upgrade', (req, socket, head) => void started.handleUpgrade(req, socket, head));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  await started.start();
  return {
    hub: started,
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await started.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The file's hub, on the test database, before its tests; closed after them. */
export function setupHub() {
  beforeAll(async () => {
    database = await openTestDatabase();
    const started = await startHub();
    hub = started.hub;
    port = started.port;
    closeServer = started.close;
  });
  afterAll(async () => {
    await closeServer();
    await database.close();
  });
}

/** A staff account that may act (the owner), for a viewer signed in as `admin`. */
export const OWNER: Staff = { roles: ['coach', 'owner'], secondFactor: true };

export let sequence = 0;
/** A new signed-in session of `userId`. */
export const signIn = (userId: string, isAdmin = false) => {
  const sessionId = `s${++sequence}`;
  sessions.set(sessionId, isAdmin);
  return { userId, sessionId, staff: isAdmin ? OWNER : null } satisfies Viewer;
};
export const cookieOf = (v: Viewer) => `viewer=${v.userId}:${v.sessionId}${v.staff ? ':admin' : ''}`;

export type Socket = { ws: WebSocket; seen: string[]; closed: Promise<number> };

/** A socket once it is told `ready` (or closed before), recording the topicId of every event it receives. */
export const connect = (viewer: Viewer, at = port) =>
  new Promise<Socket>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${at}${REALTIME_PATH}`, {
      headers: { cookie: cookieOf(viewer), origin: ORIGIN },
    });
    const socket: Socket = {
      ws,
      seen: [],
      closed: new Promise((done) =>
        ws.on('close', (code) => {
          done(code);
          resolve(socket);
        }),
      ),
    };
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as ServerEvent;
      if (event.type === 'ready') resolve(socket);
      if (event.type === 'topic') socket.seen.push(event.topicId);
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.on('error', reject);
  });

/** The status and body of a refused handshake. */
export const refusal = (viewer: Viewer) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, {
      headers: { cookie: cookieOf(viewer), origin: ORIGIN },
    });
    ws.on('unexpected-response', (_req, res) => {
      let body = '';
      res
        .on('data', (chunk) => (body += chunk))
        .on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.on('open', () => reject(new Error('handshake was accepted')));
    ws.on('error', () => {});
  });

export const send = (notice: Notice, channel = TEST) =>
  database.db.transaction((tx) => publish(tx, channel, notice.key, notice));
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
export const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 60 && !check(); i++) await settle(50);
  if (!check()) throw new Error(`${what} within 3 s`);
};
/** The code a socket is closed with, or a failure after 2 s. */
export const closeCode = (socket: Socket) =>
  Promise.race([
    socket.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open after 2 s')), 2000)),
  ]);
export const gate = (name: string) => {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  gates.set(name, { promise, open });
  return open;
};
