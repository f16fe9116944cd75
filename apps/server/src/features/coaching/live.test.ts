import { createRealtimeConnection, type ServerEvent } from '@core28/core/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDeps } from '../../deps.ts';
import { openPostgres } from '../../platform/db/index.ts';
import { sessions } from '../../platform/db/schema.ts';
import { startServer } from '../../server.ts';
import {
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

async function burnMember(app: TestApp = t) {
  const member = await createMember(app);
  await givePaidTier(app, member, '1-on-1 Burn');
  return member;
}

async function openTopic(cookie: string) {
  const res = await t.request('/api/coaching/topics', { cookie, json: { title: 'Live topic' } });
  return (await json(res)).topic as { id: string };
}

const isMessage = (text: string) => (e: ServerEvent) => e.type === 'message' && e.message.message === text;

describe('the handshake', () => {
  it('refuses visitors (401), foreign origins (403) and members without 1-on-1 Burn (403)', async () => {
    const member = await burnMember();
    const daily = await createMember(t);
    await givePaidTier(t, daily, 'The Daily Core');
    expect(await refusal(server.port, { origin: TEST_ORIGIN })).toBe(401);
    expect(await refusal(server.port, { origin: 'https://evil.example', cookie: member.cookie })).toBe(403);
    expect(await refusal(server.port, { cookie: member.cookie })).toBe(403); // no Origin at all
    expect(await refusal(server.port, { origin: TEST_ORIGIN, cookie: daily.cookie })).toBe(403);
    const ok = await connect(server.port, member.cookie);
    expect(ok.events[0]).toEqual({ type: 'ready' });
    ok.ws.close();
    expect(server.live.size).toBeLessThanOrEqual(1);
  });

  it('answers a plain GET on the path with 426, not the web app', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/realtime`);
    expect(res.status).toBe(426);
  });
});

describe('delivery through NOTIFY (one instance, two sockets)', () => {
  it('sends the member’s message to the coach and to the member’s other tab, not to another member', async () => {
    const a = await burnMember();
    const b = await burnMember();
    const [tabA, coachSocket, tabB] = await Promise.all([
      connect(server.port, a.cookie),
      connect(server.port, coach),
      connect(server.port, b.cookie),
    ]);
    const topic = await openTopic(a.cookie);
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

  it('checks permission when the event is delivered: a lapsed tier or a signed-out session gets nothing more', async () => {
    const member = await burnMember();
    const topic = await openTopic(member.cookie);
    const tab = await connect(server.port, member.cookie);
    await givePaidTier(t, member, 'The Daily Core');
    await t.request(`/api/admin/coaching/topics/${topic.id}/replies`, {
      cookie: coach,
      json: { message: 'After lapse' },
    });
    await settle();
    expect(tab.events.some(isMessage('After lapse'))).toBe(false);

    await givePaidTier(t, member, '1-on-1 Burn');
    const closed = new Promise<number>((resolve) => tab.ws.on('close', (code) => resolve(code)));
    await t.db.delete(sessions).where(eq(sessions.userId, member.userId)); // signed out everywhere
    await t.request(`/api/admin/coaching/topics/${topic.id}/replies`, {
      cookie: coach,
      json: { message: 'After sign-out' },
    });
    expect(await closed).toBe(4401);
    expect(tab.events.some(isMessage('After sign-out'))).toBe(false);
  });
});

describe('heartbeat', () => {
  it('answers the client’s ping and drops a socket that stops answering the server’s', async () => {
    const member = await burnMember();
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
    const member = await burnMember();
    const topic = await openTopic(member.cookie);
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
      const second = await openPostgres(t.database.url!, { max: 3 });
      const deps2 = createDeps({ config: t.config, log: t.deps.log, db: second.db });
      const instance2 = await startServer(deps2, second.listen, { port: 0, hostname: '127.0.0.1' });
      try {
        const member = await burnMember();
        const topic = await openTopic(member.cookie);
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
