import 'fake-indexeddb/auto';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drainQueue, enqueueWrite, type QueuedWrite, queuedWrites } from './offline-queue';

// docs/decisions/0015: the offline queue is sent in order, each write once; it stops at
// the first write the network or a busy server does not take and keeps the rest in order; a
// refusal is dropped; only the signed-in member's writes are ever sent. IndexedDB is
// fake-indexeddb's; the server is a fetch that answers the statuses a test gives it.

const NOW = new Date('2026-07-10T15:00:00Z');
const A = 'member-a';
const B = 'member-b';

const write = (userId: string, key: string, minutesAgo = 1): QueuedWrite => ({
  key,
  userId,
  method: 'PUT',
  path: `/api/program/${key}`,
  body: { key },
  queuedAt: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString(),
});

type Answer = number | 'network' | 'plan-required';
let answers: Answer[];
let sent: { path: string; headers: Record<string, string>; body: unknown }[];

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  await clear(createStore('core28-offline', 'queue'));
  answers = [];
  sent = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    sent.push({
      path,
      headers: init.headers as Record<string, string>,
      body: JSON.parse(init.body as string),
    });
    const answer = answers.shift() ?? 200;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if (answer === 'plan-required')
      return Response.json(
        { error: { code: 'PLAN_REQUIRED', message: 'Your plan has ended.', requiredPlan: 'daily-core' } },
        { status: 403 },
      );
    return new Response('{}', { status: answer });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const keysOf = (writes: { path: string }[]) => writes.map((w) => w.path.split('/').at(-1));

describe('drainQueue', () => {
  it("sends the member's writes oldest first, once each, and leaves another member's alone", async () => {
    await enqueueWrite(write(A, 'a1', 30));
    await enqueueWrite(write(B, 'b1', 20));
    await enqueueWrite(write(A, 'a2', 10));
    await enqueueWrite(write(A, 'a3', 2));
    expect(await drainQueue(A)).toEqual({ sent: 3, left: 0, needsPlan: false });
    expect(keysOf(sent)).toEqual(['a1', 'a2', 'a3']);
    expect(sent.map((s) => s.headers['idempotency-key'])).toEqual(['a1', 'a2', 'a3']);
    // how long each waited, on the browser's own clock (a late finish counts from then)
    expect(sent.map((s) => s.headers['x-queued-ms'])).toEqual(['1800000', '600000', '120000']);
    expect(await queuedWrites(A)).toEqual([]);
    expect(keysOf(await queuedWrites(B))).toEqual(['b1']);
    expect(await drainQueue(A)).toEqual({ sent: 0, left: 0, needsPlan: false });
    expect(sent).toHaveLength(3);
  });

  it.each<Answer>([503, 500, 401, 429, 'network'])(
    'stops at a write answered %s and keeps it and the rest, in order, for later',
    async (answer) => {
      for (const key of ['a1', 'a2', 'a3']) await enqueueWrite(write(A, key));
      answers = [200, answer];
      expect(await drainQueue(A)).toEqual({ sent: 1, left: 2, needsPlan: false });
      expect(keysOf(sent)).toEqual(['a1', 'a2']);
      expect(keysOf(await queuedWrites(A))).toEqual(['a2', 'a3']);
      // later, the server takes them: the same writes, in the same order, with the same keys
      expect(await drainQueue(A)).toEqual({ sent: 2, left: 0, needsPlan: false });
      expect(keysOf(sent)).toEqual(['a1', 'a2', 'a2', 'a3']);
    },
  );

  it('keeps a write the plan does not allow now (403 PLAN_REQUIRED), and the rest, until a plan lets them', async () => {
    for (const key of ['a1', 'a2', 'a3']) await enqueueWrite(write(A, key));
    answers = [200, 'plan-required'];
    expect(await drainQueue(A)).toEqual({ sent: 1, left: 2, needsPlan: true });
    expect(keysOf(await queuedWrites(A))).toEqual(['a2', 'a3']);
    // the member chose a plan: the same writes go, in order, with their keys
    expect(await drainQueue(A)).toEqual({ sent: 2, left: 0, needsPlan: false });
    expect(keysOf(sent)).toEqual(['a1', 'a2', 'a2', 'a3']);
  });

  it.each([400, 403, 404, 409])('drops a write refused with %s and goes on with the next', async (status) => {
    for (const key of ['a1', 'a2']) await enqueueWrite(write(A, key));
    answers = [status, 200];
    expect(await drainQueue(A)).toEqual({ sent: 2, left: 0, needsPlan: false });
    expect(keysOf(sent)).toEqual(['a1', 'a2']);
    expect(await queuedWrites(A)).toEqual([]);
  });

  it('sends a queue once when the page and the worker ask at the same time', async () => {
    for (const key of ['a1', 'a2']) await enqueueWrite(write(A, key));
    const [first, second] = await Promise.all([drainQueue(A), drainQueue(A)]);
    expect(first).toEqual(second);
    expect(keysOf(sent)).toEqual(['a1', 'a2']);
  });
});
