import { entitlementsOf } from '@core28/core/entitlements';
import { determineSubscription, TIERS } from '@core28/core/subscriptions';
import { and, count, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discussionMessages,
  rateLimits,
  sessions,
  subscribers,
  userRoles,
} from '../../platform/db/schema.ts';
import { createMember, createTestApp, givePaidTier, json, type TestApp } from '../../testing/harness.ts';
import { signedSessionToken } from '../auth/session.ts';
import { postMessageWithSession } from './messages.ts';

// A member's text message reads its session and decides coaching access in the statement
// that writes it. That statement must decide as the long way does (core's rule), or not at all.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MINUTE = 60_000;

/** A member on 1-on-1 Burn with a topic of their own. */
async function memberWithTopic() {
  const member = await createMember(t);
  await givePaidTier(t, member, '1-on-1 Burn');
  const res = await t.request('/api/coaching/topics', {
    method: 'POST',
    cookie: member.cookie,
    json: { title: 'Form check' },
  });
  expect(res.status).toBe(201);
  return { ...member, topicId: (await json(res)).topic.id as string };
}

const sourceOf = (cookie: string) => ({ cookie, headers: () => new Headers({ cookie }) });

/** Minutes from a moment, never within a minute of it (the run takes time; a boundary is not the point). */
const minutes = (min: number, max: number) => fc.integer({ min, max }).map((m) => (m === 0 ? 1 : m) * MINUTE);
const offset = minutes(-3 * 24 * 60, 3 * 24 * 60);
/** Mostly true: the cases that matter are members of the tier, with a row, not admins. */
const mostly = (value: boolean) =>
  fc.oneof({ arbitrary: fc.constant(value), weight: 3 }, { arbitrary: fc.constant(!value), weight: 1 });

const states = fc.record({
  hasRow: mostly(true),
  tier: fc.oneof(
    { arbitrary: fc.constant('1-on-1 Burn' as const), weight: 3 },
    { arbitrary: fc.constantFrom(null, ...TIERS), weight: 2 },
  ),
  subscribed: fc.boolean(),
  isTrial: fc.boolean(),
  trialEnd: fc.option(offset, { freq: 2 }),
  subscriptionEnd: fc.option(offset, { freq: 2 }),
  providerSubscriptionId: fc.option(fc.constant('sub_property')),
  /** A failed renewal's moment: its grace is core's to count, so the statement leaves it to the long way. */
  paymentFailedAt: fc.option(offset, { freq: 3 }),
  isAdmin: mostly(false),
  /** The session's expiry against the moment it is due for better-auth's refresh. */
  sessionAfterRefreshDue: minutes(-2 * 24 * 60, 24 * 60),
});

describe('a text message decided in its own statement', () => {
  it('writes exactly when core would let the member use coaching, the session needs no refresh and no payment is failing', async () => {
    const member = await memberWithTopic();
    const session = await signedSessionToken(t.deps, sourceOf(member.cookie));
    expect(session).not.toBeNull();
    const messages = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(discussionMessages)
          .where(eq(discussionMessages.topicId, member.topicId))
      )[0]!.n;

    await fc.assert(
      fc.asyncProperty(states, async (state) => {
        const now = Date.now();
        const when = (ms: number | null) => (ms === null ? null : new Date(now + ms));
        await t.db.delete(rateLimits).where(like(rateLimits.key, `coaching-message:%:${member.userId}`));
        await t.db.delete(subscribers).where(eq(subscribers.userId, member.userId));
        const row = {
          subscribed: state.subscribed,
          subscriptionTier: state.tier,
          subscriptionEnd: when(state.subscriptionEnd),
          isTrial: state.isTrial,
          trialEnd: when(state.trialEnd),
          trialUsed: state.isTrial,
          paymentFailedAt: when(state.paymentFailedAt),
        };
        if (state.hasRow)
          await t.db.insert(subscribers).values({
            userId: member.userId,
            email: member.email,
            providerSubscriptionId: state.providerSubscriptionId,
            ...row,
          });
        await t.db
          .delete(userRoles)
          .where(and(eq(userRoles.userId, member.userId), eq(userRoles.role, 'owner')));
        if (state.isAdmin) await t.db.insert(userRoles).values({ userId: member.userId, role: 'owner' });
        const fresh = await signedSessionToken(t.deps, sourceOf(member.cookie));
        const expiresAt = new Date(fresh!.freshAfter.getTime() + state.sessionAfterRefreshDue);
        await t.db.update(sessions).set({ expiresAt }).where(eq(sessions.token, session!.token));
        const isFresh = state.sessionAfterRefreshDue > 0;
        const subscription = determineSubscription(state.hasRow ? row : null, {
          emailConfirmed: true,
          now: new Date(now),
        });
        const mayCoach = entitlementsOf(subscription, {
          isAdmin: state.isAdmin,
          now: new Date(now),
        }).coaching;
        const isDecided = state.isAdmin || row.paymentFailedAt === null;
        const expected = isFresh && mayCoach && isDecided;

        const before = await messages();
        const sent = await postMessageWithSession(t.deps, {
          ...fresh!,
          topicId: member.topicId,
          message: 'How is my form?',
        });
        expect(sent !== null, JSON.stringify(state)).toBe(expected);
        if (sent) expect(sent.userId).toBe(member.userId);
        expect(await messages()).toBe(before + (expected ? 1 : 0));
      }),
      { numRuns: Math.max(200, Number(process.env.FUZZ_RUNS ?? 0)) },
    );
  });

  it('takes nothing from a member it cannot decide (their limits stay whole)', async () => {
    const member = await memberWithTopic();
    await t.db.update(subscribers).set({ subscribed: false }).where(eq(subscribers.userId, member.userId));
    const session = await signedSessionToken(t.deps, sourceOf(member.cookie));
    const sent = await postMessageWithSession(t.deps, {
      ...session!,
      topicId: member.topicId,
      message: 'Hi',
    });
    expect(sent).toBeNull();
    const taken = await t.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `coaching-message:%:${member.userId}`));
    expect(taken).toEqual([]);
  });
});

describe('POST /api/coaching/topics/:topicId/messages', () => {
  const post = (topicId: string, body: unknown, cookie?: string) =>
    t.request(`/api/coaching/topics/${topicId}/messages`, { method: 'POST', cookie, json: body });

  it('says 401 to a visitor and 403 to a member without coaching before any word on the input', async () => {
    const owner = await memberWithTopic();
    const daily = await createMember(t);
    await givePaidTier(t, daily, 'The Daily Core');
    for (const body of [{ message: '' }, { nothing: true }, { message: 'Hello coach' }]) {
      expect((await post(owner.topicId, body)).status).toBe(401);
      expect((await post('not-a-uuid', body)).status).toBe(401);
      expect((await post(owner.topicId, body, daily.cookie)).status).toBe(403);
      expect((await post('not-a-uuid', body, daily.cookie)).status).toBe(403);
    }
    expect((await post(owner.topicId, { message: '' }, owner.cookie)).status).toBe(400);
    expect((await post(owner.topicId, { message: 'Hello coach' }, owner.cookie)).status).toBe(201);
  });

  it('sends a member’s message, and 404 for another member’s topic, writing nothing there', async () => {
    const owner = await memberWithTopic();
    const other = await memberWithTopic();
    const res = await post(owner.topicId, { message: 'Is plank form right?' }, owner.cookie);
    expect(res.status).toBe(201);
    expect((await json(res)).message).toMatchObject({ message: 'Is plank form right?', isCoachReply: false });
    expect((await post(owner.topicId, { message: 'Sneaky' }, other.cookie)).status).toBe(404);
    const written = await t.db
      .select({ message: discussionMessages.message })
      .from(discussionMessages)
      .where(eq(discussionMessages.topicId, owner.topicId));
    expect(written).toEqual([{ message: 'Is plank form right?' }]);
  });
});
