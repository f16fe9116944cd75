import { createRealtimeConnection } from '@core28/core/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDeps } from '../../deps.ts';
import { openPostgres } from '../../platform/db/index.ts';
import { sessions, subscribers, userRoles } from '../../platform/db/schema.ts';
import { startServer } from '../../server.ts';
import { burnMember, openTopic } from '../../testing/coaching.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  TEST_ORIGIN,
  type TestApp,
} from '../../testing/harness.ts';
import { connect, isMessage, replyThrough, settle } from '../../testing/live.ts';

// The handshake, delivery, heartbeat, rejoin and two instances; the limits and session
// ends are in live-limits.test.ts.
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

const refusal = (port: number, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => reject(new Error('handshake was accepted')));
    ws.on('error', () => {});
  });

describe('the handshake', () => {
  it('refuses visitors (401) and foreign origins (403)', async () => {
    const member = await burnMember(t);
    expect(await refusal(server.port, { origin: TEST_ORIGIN })).toBe(401);
    expect(await refusal(server.port, { origin: 'https://evil.example', cookie: member.cookie })).toBe(403);
    expect(await refusal(server.port, { cookie: member.cookie })).toBe(403); // no Origin at all
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
      await replyThrough(own.port, coach, topic.id, 'Before lapse'); // what the hub remembers: allowed
      await tab.next(isMessage('Before lapse'));
      await givePaidTier(t, member, 'The Daily Core');
      await settle(100); // the database's NOTIFY of the change
      await replyThrough(own.port, coach, topic.id, 'After lapse');
      await settle();
      expect(tab.events.some(isMessage('After lapse'))).toBe(false);

      await givePaidTier(t, member, '1-on-1 Burn');
      await settle(100);
      await replyThrough(own.port, coach, topic.id, 'Burn again');
      await tab.next(isMessage('Burn again'));

      const closed = new Promise<number>((resolve) => tab.ws.on('close', (code) => resolve(code)));
      await t.db.delete(sessions).where(eq(sessions.userId, member.userId)); // signed out everywhere
      await replyThrough(own.port, coach, topic.id, 'After sign-out');
      expect(await closed).toBe(4401);
      expect(tab.events.some(isMessage('After sign-out'))).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('stops at the end of a failed payment’s grace period, with no change announced', async () => {
    const own = await t.listen();
    try {
      const member = await burnMember(t);
      const topic = await openTopic(t, member.cookie);
      const tab = await connect(own.port, member.cookie);
      // The renewal failed almost a whole grace period ago: the plan is kept for 1.5 s more.
      const graceMs = t.config.paymentGraceDays * 86_400_000;
      await t.db
        .update(subscribers)
        .set({ paymentFailedAt: new Date(Date.now() - graceMs + 1_500) })
        .where(eq(subscribers.userId, member.userId));
      await settle(100);
      await replyThrough(own.port, coach, topic.id, 'In grace');
      await tab.next(isMessage('In grace'));
      await settle(1_600); // the grace ends by time alone: no NOTIFY tells the hub
      await replyThrough(own.port, coach, topic.id, 'After grace');
      await settle();
      expect(tab.events.some(isMessage('After grace'))).toBe(false);
    } finally {
      await own.close();
    }
  });

  it('takes a coach’s admin role away for the next event', async () => {
    // The default 25 s heartbeat, which would forget what the hub remembers: only the change's NOTIFY can.
    const own = await t.listen();
    try {
      const helper = await createMember(t);
      await t.db.insert(userRoles).values({ userId: helper.userId, role: 'owner' });
      const member = await burnMember(t);
      const topic = await openTopic(t, member.cookie);
      const socket = await connect(own.port, helper.cookie);
      await replyThrough(own.port, coach, topic.id, 'Seen by the helper');
      await socket.next(isMessage('Seen by the helper'));
      await t.db.delete(userRoles).where(eq(userRoles.userId, helper.userId));
      await settle(100);
      await replyThrough(own.port, coach, topic.id, 'Not any more');
      await settle();
      expect(socket.events.some(isMessage('Not any more'))).toBe(false);
      socket.ws.close();
    } finally {
      await own.close();
    }
  });
});

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

describe('two instances on one PostgreSQL', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'delivers a message posted through instance 1 to a socket on instance 2',
    async () => {
      const { url, directUrl } = t.database;
      const second = await openPostgres(url!, { max: 3, ...(directUrl && { directUrl }) });
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
