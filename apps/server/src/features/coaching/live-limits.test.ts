import { CLOSE_CODES, type ConnectionStatus, createRealtimeConnection } from '@core28/core/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { sessions } from '../../platform/db/schema.ts';
import { burnMember, openTopic } from '../../testing/coaching.ts';
import { cookieFrom, createTestApp, signInAdmin, TEST_ORIGIN, type TestApp } from '../../testing/harness.ts';
import { connect, isMessage, replyThrough, settle } from '../../testing/live.ts';

// How many sockets a session and a member may hold, and a socket's end with its
// session's. The handshake, delivery and rejoin are in live.test.ts.
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

describe('limits and session ends', () => {
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
      await replyThrough(own.port, coach, topic.id, 'Both devices');
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
      await replyThrough(own.port, coach, topic.id, 'After expiry');
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
