import { eq, like, sum } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { discussionMessages, discussionTopics, rateLimits } from '../../platform/db/schema.ts';
import { burnMember, openTopic } from '../../testing/coaching.ts';
import { createTestApp, signInAdmin, type TestApp } from '../../testing/harness.ts';

// What the retry tests share: an app with its server listening, a signed-in coach, a clock a test
// moves on, and ways to send and to count what was written and taken. A test file calls
// setupRetryApp() once; `t`, `server` and `coach` are read inside its tests.

export let t: TestApp;
export let server: Awaited<ReturnType<TestApp['listen']>>;
export let coach: string;
let clock = new Date('2026-11-29T08:00:00Z');
export function setupRetryApp() {
  beforeAll(async () => {
    clock = new Date('2026-11-29T08:00:00Z');
    t = await createTestApp({ now: () => clock });
    server = await t.listen();
    coach = await signInAdmin(t);
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });
}

export const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
};

/** POST a member's message (or, with `side: 'coach'`, a reply) with an Idempotency-Key. */
export const send = (cookie: string, topicId: string, message: string, key?: string, side = 'member') =>
  t.request(
    side === 'member'
      ? `/api/coaching/topics/${topicId}/messages`
      : `/api/admin/coaching/topics/${topicId}/replies`,
    { method: 'POST', cookie, json: { message }, headers: key ? { 'idempotency-key': key } : {} },
  );

/** A member on 1-on-1 Burn with a topic of their own. */
export async function memberWithTopic() {
  const member = await burnMember(t);
  return { member, topic: await openTopic(t, member.cookie) };
}

export const rowsOf = (topicId: string) =>
  t.db.select().from(discussionMessages).where(eq(discussionMessages.topicId, topicId));

export const topicUpdatedAt = async (topicId: string) =>
  (await t.db.select().from(discussionTopics).where(eq(discussionTopics.id, topicId)))[0]?.updatedAt;

/** How many of the member's allowance of `kind` (every window) their requests have taken. */
export const taken = async (userId: string, kind = 'message') =>
  Number(
    (
      await t.db
        .select({ n: sum(rateLimits.count) })
        .from(rateLimits)
        .where(like(rateLimits.key, `coaching-${kind}:%:${userId}`))
    )[0]?.n ?? 0,
  );
