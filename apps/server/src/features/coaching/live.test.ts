import {
  CLOSE_CODES,
  type ConnectionStatus,
  createRealtimeConnection,
  type ServerEvent,
} from '@core28/core/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createDeps } from '../../deps.ts';
import { openPostgres } from '../../platform/db/index.ts';
import { sessions, userRoles } from '../../platform/db/schema.ts';
import { startServer } from '../../server.ts';
import { burnMember, openTopic } from '../../testing/coaching.ts';
import {
  cookieFrom,
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  TEST_ORIGIN,
  type TestApp,
} from '../../testing/harness.ts';

let t: TestApp;
let server: Awaited<ReturnType<TestApp['listen']>>;
let coach: string;
beforeAll(async () => {
  t = await createTestApp();
  server = await t.listen({ heartbeatMs: 200 });
  coach = await signInAdmin(t);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

type Live = {
  ws: WebSocket;
  events: ServerEvent[];
  next: (match: (e: ServerEvent) => boolean) => Promise<ServerEvent>;
};

/** A socket as a browser on the site would open it, with every event it receives recorded. */
function connect(port: number, cookie: string, origin = TEST_ORIGIN, options: WebSocket.ClientOptions = {}) {
  return new Promise<Live>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, {
      headers: { cookie, origin },
      ...options,
    });
    const events: ServerEvent[] = [];
    const waiters: { match: (e: ServerEvent) => boolean; resolve: (e: ServerEvent) => void }[] = [];
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as ServerEvent;
      events.push(event);
      for (const waiter of waiters.filter((w) => w.match(event))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
      if (event.type === 'ready') resolve(live);
    });
    ws.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.on('error', reject);
    const live: Live = {
      ws,
      events,
      next: (match) =>
        new Promise((done, fail) => {
          const seen = events.find(match);
          if (seen) return done(seen);
          const timer = setTimeout(() => fail(new Error('no matching event within 3 s')), 3000);
          waiters.push({
            match,
            resolve: (e) => {
              clearTimeout(timer);
              done(e);
            },
          });
        }),
    };
  });
}

const refusal = (port: number, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => reject(new Error('handshake was accepted')));
    ws.on('error', () => {});
  });

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

const isMessage = (text: string) => (e: ServerEvent) => e.type === 'message' && e.message.message === text;

describe('the handshake', () => {
  it('refuses visitors (401), foreign origins (403) and members without 1-on-1 Burn (403)', async () => {
    const member = await burnMember(t);
    const daily = await createMember(t);
    await givePaidTier(t, daily, 'The Daily Core');
    expect(await refusal(server.port, { origin: TEST_ORIGIN })).toBe(401);
    expect(await refusal(server.port, { origin: 'https://evil.example', cookie: member.cookie })).toBe(403);
    expect(await refusal(server.port, { cookie: member.cookie })).toBe(403); // no Origin at all
    expect(await refusal(server.port, { origin: TEST_ORIGIN, cookie: daily.cookie })).toBe(403);
    const ok = await connect(server.port, member.cookie);
    expect(ok.events[0]).toEqual({ type: 'ready' });
    ok.ws.close();
    expect(server.realtime.stats().openSockets).toBeLessThanOrEqual(1);
  });

  it('answers a plain GET on the path with 426, not the web app', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/realtime`);
    expect(res.status).toBe(426);
  });
});

describe('delivery through NOTIFY (one instance, two sockets)', () => {
  it('sends the member’s message to the coach and to the member’s other tab, not to another member', async () => {
    const a = await burnMember(t);
    const b = await burnMember(t);
    const [tabA, coachSocket, tabB] = await Promise.all([
      connect(server.port, a.cookie),
      connect(server.port, coach),
      connect(server.port, b.cookie),
    ]);
    const topic = await openTopic(t, a.cookie);
    await coachSocket.next((e) => e.type === 'topic' && e.topicId === topic.id);
    await t.request(`/api/coaching/topics/${topic.id}/messages`, {
      cookie: a.cookie,
      json: { message: 'Hello coach' },
    });
    const [toCoach, toA] = await Promise.all([
      coachSocket.next(isMessage('Hello coach')),
      tabA.next(isMessage('Hello coach')),
    ]);
    expect(toCoach).toMatchObject({ type: 'message', topicId: topic.id, message: { isCoachReply: false } });
    expect(toA).toEqual(toCoach);

    await t.request(`/api/admin/coaching/topics/${topic.id}/replies`, {
      cookie: coach,
      json: { message: 'Hi A' },
    });
    await tabA.next(isMessage('Hi A'));
    await settle();
    expect(tabB.events.some((e) => 'topicId' in e && e.topicId === topic.id)).toBe(false);
    for (const live of [tabA, coachSocket, tabB]) live.ws.close();
  });

  it('checks permission for every event: a lapsed tier or a signed-out session gets nothing more', async () => {
    // The default 25 s heartbeat, which would forget what the hub remembers: only the change's NOTIFY can.
    const own = await t.listen();
    try {
      const member = await burnMember(t);
      const topic = await openTopic(t, member.cookie);
      const tab = await connect(own.port, member.cookie);
      await replyThrough(own.port, topic.id, 'Before lapse'); // what the hub remembers: allowed
      await tab.next(isMessage('Before lapse'));
      await givePaidTier(t, member, 'The Daily Core');
      await settle(100); // the database's NOTIFY of the change
      await replyThrough(own.port, topic.id, 'After lapse');
      await settle();
      expect(tab.events.some(isMessage('After lapse'))).toBe(false);

      await givePaidTier(t, member, '1-on-1 Burn');
      await settle(100);
      await replyThrough(own.port, topic.id, 'Burn again');
      await tab.next(isMessage('Burn again'));

      const closed = new Promise<number>((resolve) => tab.ws.on('close', (code) => resolve(code)));
      await t.db.delete(sessions).where(eq(sessions.userId, member.userId)); // signed out everywhere
      await replyThrough(own.port, topic.id, 'After sign-out');
      expect(await closed).toBe(4401);
      expect(tab.events.some(isMessage('After sign-out'))).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('takes a coach’s admin role away for the next event', async () => {
    // The default 25 s heartbeat, which would forget what the hub remembers: only the change's NOTIFY can.
    const own = await t.listen();
    try {
      const helper = await createMember(t);
      await t.db.insert(userRoles).values({ userId: helper.userId, role: 'admin' });
      const member = await burnMember(t);
      const topic = await openTopic(t, member.cookie);
      const socket = await connect(own.port, helper.cookie);
      await replyThrough(own.port, topic.id, 'Seen by the helper');
      await socket.next(isMessage('Seen by the helper'));
      await t.db.delete(userRoles).where(eq(userRoles.userId, helper.userId));
      await settle(100);
      await replyThrough(own.port, topic.id, 'Not any more');
      await settle();
      expect(socket.events.some(isMessage('Not any more'))).toBe(false);
      socket.ws.close();
    } finally {
      await own.close();
    }
  });
});

/** A coach reply posted through `port`'s own HTTP server: delivered by that instance at commit. */
async function replyThrough(port: number, topicId: string, message: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/admin/coaching/topics/${topicId}/replies`, {
    method: 'POST',
    headers: { cookie: coach, origin: TEST_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ message }),
  });
  expect(res.status).toBe(201);
}

describe('heartbeat', () => {
  it('answers the client’s ping and drops a socket that stops answering the server’s', async () => {
    const member = await burnMember(t);
    const tab = await connect(server.port, member.cookie);
    tab.ws.send(JSON.stringify({ type: 'ping' }));
    await tab.next((e) => e.type === 'pong');
    tab.ws.close();

    const silent = await connect(server.port, member.cookie, TEST_ORIGIN, { autoPong: false });
    const closed = new Promise<void>((resolve) => silent.ws.on('close', () => resolve()));
    await closed; // two 200 ms heartbeats without an answer
  });
});

describe('rejoin', () => {
  it('gets a message sent while it was away through the refetch after rejoining', async () => {
    const member = await burnMember(t);
    const topic = await openTopic(t, member.cookie);
    const fetchMessages = async () =>
      (
        await json(await t.request(`/api/coaching/topics/${topic.id}`, { cookie: member.cookie }))
      ).messages.map((m: { message: string }) => m.message);
    const own = await t.listen();
    const port = own.port;
    let shown: string[] = await fetchMessages();
    const statuses: string[] = [];
    let rejoined!: () => void;
    const rejoin = new Promise<void>((resolve) => {
      rejoined = resolve;
    });
    const connection = createRealtimeConnection({
      connect: () =>
        new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, {
          headers: { cookie: member.cookie, origin: TEST_ORIGIN },
        }) as never,
      onEvent: () => {},
      onStatus: (status) => statuses.push(status),
      onRejoin: async () => {
        shown = await fetchMessages();
        rejoined();
      },
      rejoinDelay: () => 100,
    });
    await settle();
    expect(statuses.at(-1)).toBe('open');

    await own.close(); // the server goes away…
    await t.request(`/api/admin/coaching/topics/${topic.id}/replies`, {
      cookie: coach,
      json: { message: 'Missed it?' },
    });
    await settle();
    expect(statuses).toContain('reconnecting');
    const back = await startServer(t.deps, t.database.listen, { port, hostname: '127.0.0.1' }); // …and comes back
    await rejoin;
    expect(shown).toContain('Missed it?');
    connection.close();
    await back.close();
  });
});

/** Another signed-in session of the same member (another device). */
async function signInAgain(member: { email: string; password: string }) {
  const res = await t.request('/api/auth/sign-in/email', {
    json: { email: member.email, password: member.password },
    headers: { origin: TEST_ORIGIN },
  });
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

/** `promise`, or a failure naming `what` after `ms`. */
const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms)),
  ]);

/** A raw socket's close code, for one the server closes right after the handshake. */
const closeCode = (port: number, cookie: string) =>
  within(
    new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, {
        headers: { cookie, origin: TEST_ORIGIN },
      });
      ws.on('close', (code) => resolve(code));
      ws.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
      ws.on('error', () => {});
    }),
    2000,
    'no close',
  );

/** The web's client (core/realtime) on `port`, counting how often it connects. */
function webClient(port: number, cookie: string) {
  const statuses: ConnectionStatus[] = [];
  let connects = 0;
  const connection = createRealtimeConnection({
    connect: () => {
      connects++;
      return new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, {
        headers: { cookie, origin: TEST_ORIGIN },
      }) as never;
    },
    onEvent: () => {},
    onStatus: (status) => statuses.push(status),
    rejoinDelay: () => 20, // a client that retried would do so many times in the waits below
  });
  return { statuses, connects: () => connects, close: () => connection.close() };
}

describe('limits and session ends (issue 15)', () => {
  it('refuses an 11th socket of one session and a 21st of one member with 4429; the client stops instead of retrying', async () => {
    const member = await burnMember(t);
    const tabs = await Promise.all(Array.from({ length: 10 }, () => connect(server.port, member.cookie)));
    expect(await closeCode(server.port, member.cookie)).toBe(CLOSE_CODES.tooManyConnections);

    const client = webClient(server.port, member.cookie);
    await vi.waitFor(() => expect(client.statuses.at(-1)).toBe('too-many'), { timeout: 5000 });
    await settle(); // a client that retried would have rejoined many times by now (every 20 ms)
    expect(client.connects()).toBe(1);
    client.close();

    const laptop = await signInAgain(member);
    tabs.push(...(await Promise.all(Array.from({ length: 10 }, () => connect(server.port, laptop)))));
    const phone = await signInAgain(member);
    expect(await closeCode(server.port, phone)).toBe(CLOSE_CODES.tooManyConnections);

    // Closing one makes room again; another member is not affected at all.
    const closed = new Promise((resolve) => tabs[0]!.ws.once('close', resolve));
    tabs[0]!.ws.close();
    await closed;
    await settle(50);
    tabs.push(await connect(server.port, phone));
    const other = await burnMember(t);
    tabs.push(await connect(server.port, other.cookie));
    for (const tab of tabs) tab.ws.close();
  });

  it('closes the socket of a session at once when it signs out, and only that session’s', async () => {
    const own = await t.listen(); // the default 25 s heartbeat: only the sign-out can close it in time
    try {
      const member = await burnMember(t);
      const otherDevice = await signInAgain(member);
      const [tab, otherTab] = await Promise.all([
        connect(own.port, member.cookie),
        connect(own.port, otherDevice),
      ]);
      const client = webClient(own.port, member.cookie);
      await vi.waitFor(() => expect(client.statuses.at(-1)).toBe('open'), { timeout: 5000 });
      const closed = new Promise<number>((resolve) => tab.ws.on('close', (code) => resolve(code)));
      const signOut = await t.request('/api/auth/sign-out', {
        method: 'POST',
        cookie: member.cookie,
        headers: { origin: TEST_ORIGIN },
      });
      expect(signOut.status).toBe(200);
      const timeout = new Promise((_, reject) =>
        // far below the 25 s heartbeat, with room for a loaded machine
        setTimeout(() => reject(new Error('still open after 5 s')), 5000),
      );
      expect(await Promise.race([closed, timeout])).toBe(CLOSE_CODES.sessionEnded);
      await vi.waitFor(() => expect(client.statuses.at(-1)).toBe('signed-out'), { timeout: 5000 });
      await settle();
      expect(client.connects()).toBe(1);
      expect(otherTab.ws.readyState).toBe(WebSocket.OPEN);
      otherTab.ws.close();
    } finally {
      await own.close();
    }
  });

  it('closes the socket of a revoked session at once, and of an expired one at its next event', async () => {
    const own = await t.listen(); // the default 25 s heartbeat: it cannot be what closes them
    try {
      const member = await burnMember(t);
      const topic = await openTopic(t, member.cookie);
      const otherDevice = await signInAgain(member);
      const [tab, otherTab] = await Promise.all([
        connect(own.port, member.cookie),
        connect(own.port, otherDevice),
      ]);
      await replyThrough(own.port, topic.id, 'Both devices');
      await Promise.all([tab.next(isMessage('Both devices')), otherTab.next(isMessage('Both devices'))]);

      const revoked = new Promise<number>((resolve) => tab.ws.on('close', (code) => resolve(code)));
      const [first] = await t.db.select().from(sessions).where(eq(sessions.userId, member.userId));
      const revokedId = first!.id;
      await t.db.delete(sessions).where(eq(sessions.id, revokedId)); // no announcement but the database's
      expect(await within(revoked, 2000, 'no close')).toBe(CLOSE_CODES.sessionEnded);

      const expired = new Promise<number>((resolve) => otherTab.ws.on('close', (code) => resolve(code)));
      await t.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, member.userId));
      await settle(100);
      await replyThrough(own.port, topic.id, 'After expiry');
      expect(await within(expired, 2000, 'no close')).toBe(CLOSE_CODES.sessionEnded);
      expect(otherTab.events.some(isMessage('After expiry'))).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('closes the socket of a session ended any other way at the next heartbeat', async () => {
    const member = await burnMember(t);
    const tab = await connect(server.port, member.cookie);
    const closed = new Promise<number>((resolve) => tab.ws.on('close', (code) => resolve(code)));
    await t.db.delete(sessions).where(eq(sessions.userId, member.userId)); // no event follows
    expect(await within(closed, 2000, 'no close')).toBe(CLOSE_CODES.sessionEnded); // heartbeat: 200 ms
  });
});

describe('two instances on one PostgreSQL', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'delivers a message posted through instance 1 to a socket on instance 2',
    async () => {
      const second = await openPostgres(t.database.url!, { max: 3 });
      const deps2 = createDeps({ config: t.config, log: t.deps.log, db: second.db });
      const instance2 = await startServer(deps2, second.listen, { port: 0, hostname: '127.0.0.1' });
      try {
        const member = await burnMember(t);
        const topic = await openTopic(t, member.cookie);
        const onInstance2 = await connect(instance2.port, coach);
        // Posted through instance 1's HTTP server.
        const res = await fetch(`http://127.0.0.1:${server.port}/api/coaching/topics/${topic.id}/messages`, {
          method: 'POST',
          headers: { cookie: member.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ message: 'Across instances' }),
        });
        expect(res.status).toBe(201);
        expect(await onInstance2.next(isMessage('Across instances'))).toMatchObject({ topicId: topic.id });
        onInstance2.ws.close();
      } finally {
        await instance2.close();
        await second.close();
      }
    },
  );
});
