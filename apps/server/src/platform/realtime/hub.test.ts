import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLOSE_CODES, REALTIME_PATH, type ServerEvent } from '@core28/core/realtime';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openTestDatabase } from '../../testing/harness.ts';
import type { DatabaseHandle } from '../db/index.ts';
import {
  announceAccessChanged,
  announceSessionsEnded,
  publish,
  realtimeChannel,
  type Viewer,
} from './channel.ts';
import { createRealtimeHub, type RealtimeHub } from './hub.ts';

// The hub with a channel of the test's own, on a real HTTP server and the test database's
// LISTEN/NOTIFY. A viewer is named by a cookie `viewer=<userId>:<sessionId>[:admin]`; the valid
// sessions are the test's `sessions` map, the hub's port to the session store.

const ORIGIN = 'http://localhost:3999';
type Notice = { to: string[]; key: string; n: number; gate?: string; fails?: boolean };
const TEST = realtimeChannel<Notice>('test');
const OTHER = realtimeChannel<Notice>('other');

const sessions = new Map<string, boolean>();
/** Sessions that expire before the test's hour is up. */
const expiries = new Map<string, number>();
/** Members the test channel refuses at the handshake, and those it admits no event to. */
const refused = new Set<string>();
const notAdmitted = new Set<string>();
const gates = new Map<string, { promise: Promise<void>; open: () => void }>();
/** The hub's questions to its ports after the handshake: sessions looked up, and members' access. */
const asked = { sessions: 0, access: 0 };

let database: DatabaseHandle;
let hub: RealtimeHub;
let port: number;
/** Closes the hub and its server. */
let closeServer: () => Promise<void>;

/** A hub on the test database with the test's ports and channel, served on its own port. */
async function startHub(options: { heartbeatMs?: number } = {}) {
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
      return { userId, sessionId, isAdmin: role === 'admin', expiresAt };
    },
    validSessions: async (ids) => {
      asked.sessions++;
      return ids
        .map((id) => ({ id, expiresAt: new Date(expiries.get(id) ?? Date.now() + 3_600_000) }))
        .filter(({ id, expiresAt }) => sessions.has(id) && expiresAt.getTime() > Date.now())
        .map((row) => ({ ...row, isAdmin: sessions.get(row.id)! }));
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

let sequence = 0;
/** A new signed-in session of `userId`. */
const signIn = (userId: string, isAdmin = false) => {
  const sessionId = `s${++sequence}`;
  sessions.set(sessionId, isAdmin);
  return { userId, sessionId, isAdmin } satisfies Viewer;
};
const cookieOf = (v: Viewer) => `viewer=${v.userId}:${v.sessionId}${v.isAdmin ? ':admin' : ''}`;

type Socket = { ws: WebSocket; seen: string[]; closed: Promise<number> };

/** A socket once it is told `ready` (or closed before), recording the topicId of every event it receives. */
const connect = (viewer: Viewer, at = port) =>
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
const refusal = (viewer: Viewer) =>
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

const send = (notice: Notice, channel = TEST) =>
  database.db.transaction((tx) => publish(tx, channel, notice.key, notice));
const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 60 && !check(); i++) await settle(50);
  if (!check()) throw new Error(`${what} within 3 s`);
};
/** The code a socket is closed with, or a failure after 2 s. */
const closeCode = (socket: Socket) =>
  Promise.race([
    socket.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open after 2 s')), 2000)),
  ]);
const gate = (name: string) => {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  gates.set(name, { promise, open });
  return open;
};

describe('delivery', () => {
  it('keeps the events of one key in the order published; another key does not wait for it', async () => {
    const member = signIn('ordered');
    const socket = await connect(member);
    const release = gate('a1');
    await send({ to: ['ordered'], key: 'a', n: 1, gate: 'a1' });
    await send({ to: ['ordered'], key: 'a', n: 2 });
    await send({ to: ['ordered'], key: 'b', n: 1 });
    await until(() => socket.seen.includes('b#1'), 'key b delivered while key a waits');
    expect(socket.seen).toEqual(['b#1']);
    release();
    await until(() => socket.seen.length === 3, 'key a delivered');
    expect(socket.seen).toEqual(['b#1', 'a#1', 'a#2']);
    socket.ws.close();
  });

  it('goes on with a key after one of its deliveries failed', async () => {
    const socket = await connect(signIn('failing'));
    await send({ to: ['failing'], key: 'f', n: 1, fails: true });
    await send({ to: ['failing'], key: 'f', n: 2 });
    await until(() => socket.seen.includes('f#2'), 'the next event');
    expect(socket.seen).toEqual(['f#2']);
    socket.ws.close();
  });

  it('sends only to the audience the channel admits, and does not commit what rolls back', async () => {
    const [admitted, unadmitted, bystander] = await Promise.all(
      ['admitted', 'not-admitted', 'bystander'].map((userId) => connect(signIn(userId))),
    );
    notAdmitted.add('not-admitted'); // after its handshake: announced, as the database does
    await announceAccessChanged(database.db, { userIds: ['not-admitted'] });
    await settle();
    await database.db
      .transaction(async (tx) => {
        await publish(tx, TEST, 'r', { to: ['admitted'], key: 'r', n: 0 });
        tx.rollback();
      })
      .catch(() => {});
    await send({ to: ['admitted', 'not-admitted'], key: 'r', n: 1 });
    await until(() => admitted!.seen.length > 0, 'the admitted member’s event');
    await settle();
    expect(admitted!.seen).toEqual(['r#1']);
    expect(unadmitted!.seen).toEqual([]);
    expect(bystander!.seen).toEqual([]);
    for (const socket of [admitted!, unadmitted!, bystander!]) socket.ws.close();
  });

  it('refuses a notice too big for NOTIFY before it is sent', async () => {
    await expect(send({ to: ['x'.repeat(8_000)], key: 'big', n: 1 })).rejects.toThrow(/over 7999 bytes/);
  });
});

describe('the handshake and the channels', () => {
  it('refuses a member no channel authorizes (403 with the channel’s refusal) and a visitor (401)', async () => {
    refused.add('refused');
    const answer = await refusal(signIn('refused'));
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'FORBIDDEN', message: 'The test channel is not for you.' },
    });
    expect((await refusal({ userId: 'visitor', sessionId: 'none', isAdmin: false })).status).toBe(401);
  });

  it('lets a socket in when any channel authorizes it, and refuses a second registration of a channel', async () => {
    hub.channel(OTHER, {
      authorize: async () => true,
      refusal: 'unused',
      audience: (notice) => ({ userIds: [], admins: notice.to.includes('admins') }),
      access: async () => ({ allowed: true, until: null }),
      event: (notice) => ({ type: 'topic', topicId: `other:${notice.key}#${notice.n}` }),
    });
    expect(() => hub.channel(OTHER, {} as never)).toThrow(/registered twice/);
    refused.add('other-only');
    const member = await connect(signIn('other-only'));
    const admin = await connect(signIn('coach', true));
    await send({ to: ['admins'], key: 'o', n: 1 }, OTHER);
    await until(() => admin.seen.length > 0, 'the admins’ event');
    await settle();
    expect(admin.seen).toEqual(['other:o#1']);
    expect(member.seen).toEqual([]);
    member.ws.close();
    admin.ws.close();
  });
});

describe('sockets', () => {
  it('holds a session to its cap and a member to theirs (4429); another member is not affected', async () => {
    const laptop = signIn('capped');
    const tabs = [await connect(laptop), await connect(laptop)];
    const third = await connect(laptop);
    expect(await closeCode(third)).toBe(CLOSE_CODES.tooManyConnections);
    const phone = signIn('capped');
    tabs.push(await connect(phone));
    expect(await closeCode(await connect(signIn('capped')))).toBe(CLOSE_CODES.tooManyConnections);
    const other = await connect(signIn('uncapped'));
    const closing = tabs.shift()!;
    closing.ws.close();
    await closing.closed;
    await settle(50);
    tabs.push(await connect(phone)); // room again
    await settle(50);
    for (const socket of [...tabs, other]) expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    for (const socket of [...tabs, other]) socket.ws.close();
  });

  it('closes the sockets of an ended session (4401): announced at once, or found expired at delivery', async () => {
    const announced = signIn('ending');
    const stale = signIn('ending');
    const kept = signIn('ending');
    expiries.set(stale.sessionId, Date.now() + 400);
    const [a, s, k] = await Promise.all([connect(announced), connect(stale), connect(kept)]);
    await announceSessionsEnded(database.db, { sessionIds: [announced.sessionId] });
    expect(await closeCode(a)).toBe(CLOSE_CODES.sessionEnded);
    await settle(Math.max(0, expiries.get(stale.sessionId)! - Date.now()) + 50); // nobody said so
    await send({ to: ['ending'], key: 'e', n: 1 });
    expect(await closeCode(s)).toBe(CLOSE_CODES.sessionEnded);
    await until(() => k.seen.length > 0, 'the valid session’s event');
    expect(s.seen).toEqual([]);
    k.ws.close();
  });

  it('remembers a session and a member’s access between events, until it expires or a change is announced', async () => {
    const member = signIn('remembered');
    expiries.set(member.sessionId, Date.now() + 600);
    const socket = await connect(member);
    await send({ to: ['remembered'], key: 'm', n: 1 });
    await until(() => socket.seen.length === 1, 'the first event');
    notAdmitted.add('remembered'); // not announced: the access the hub remembers holds
    await send({ to: ['remembered'], key: 'm', n: 2 });
    await until(() => socket.seen.length === 2, 'the remembered access');
    await announceAccessChanged(database.db, { userIds: ['remembered'] });
    await send({ to: ['remembered'], key: 'm', n: 3 });
    await settle();
    expect(socket.seen).toEqual(['m#1', 'm#2']);
    notAdmitted.delete('remembered');
    await announceAccessChanged(database.db, { userIds: ['remembered'] });
    await send({ to: ['remembered'], key: 'm', n: 4 });
    await until(() => socket.seen.length === 3, 'the access given back');
    expect(socket.seen).toEqual(['m#1', 'm#2', 'm#4']);
    await settle(Math.max(0, expiries.get(member.sessionId)! - Date.now()) + 50); // expired, nobody said so
    await send({ to: ['remembered'], key: 'm', n: 5 });
    expect(await closeCode(socket)).toBe(CLOSE_CODES.sessionEnded);
    expect(socket.seen).toHaveLength(3);
  });

  it('remembers what the handshake read: a socket’s first event asks for nothing; after an announced change it asks again', async () => {
    const member = signIn('handshaken');
    const tabs = [await connect(member), await connect(member)];
    const before = { ...asked };
    await send({ to: ['handshaken'], key: 'h', n: 1 });
    await until(() => tabs.every((tab) => tab.seen.length === 1), 'the first event in both tabs');
    expect(asked).toEqual(before);

    // A change announced while a handshake reads is not remembered: the first event asks again.
    await announceAccessChanged(database.db, { userIds: ['handshaken'] });
    await settle();
    await send({ to: ['handshaken'], key: 'h', n: 2 });
    await until(() => tabs.every((tab) => tab.seen.length === 2), 'the second event');
    expect(asked).toEqual({ sessions: before.sessions + 1, access: before.access + 1 });
    for (const tab of tabs) tab.ws.close();
  });

  it('counts open sockets and the events it sent, one per socket', async () => {
    await settle();
    const before = hub.stats();
    const member = signIn('counted');
    const tabs = [await connect(member), await connect(member)];
    expect(hub.stats().openSockets).toBe(before.openSockets + 2);
    await send({ to: ['counted'], key: 'c', n: 1 });
    await until(() => tabs.every((t) => t.seen.length === 1), 'both tabs');
    notAdmitted.add('counted');
    await announceAccessChanged(database.db, { userIds: ['counted'] });
    await send({ to: ['counted'], key: 'c', n: 2 });
    await settle();
    expect(hub.stats().eventsDelivered).toBe(before.eventsDelivered + 2);
    for (const tab of tabs) {
      tab.ws.close();
      await tab.closed;
    }
    await settle(50);
    expect(hub.stats().openSockets).toBe(before.openSockets);
  });
});

describe('the heartbeat', () => {
  it('reads every socket’s session again, and keeps what it knows of members’ access', async () => {
    const beating = await startHub({ heartbeatMs: 100 });
    try {
      const member = signIn('beaten');
      const socket = await connect(member, beating.port);
      await send({ to: ['beaten'], key: 'b', n: 1 });
      await until(() => socket.seen.length === 1, 'the first event');
      const before = { ...asked };
      await until(() => asked.sessions >= before.sessions + 2, 'two heartbeats reading the sessions');
      await send({ to: ['beaten'], key: 'b', n: 2 });
      await until(() => socket.seen.length === 2, 'the event after the heartbeats');
      expect(asked.access).toBe(before.access); // no access query after a heartbeat
      sessions.delete(member.sessionId); // ended, and nobody said so: the next heartbeat finds it
      expect(await closeCode(socket)).toBe(CLOSE_CODES.sessionEnded);
    } finally {
      await beating.close();
    }
  });
});
