import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribers } from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';
import { getMemberEntitlements, getMemberSubscriptionState } from './service.ts';

let t: TestApp;
const NOW = new Date('2026-06-01T09:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t.close());
/** An account that never had a plan (these tests start the trial themselves). */
const account = () => createMember(t, undefined, { plan: 'none' });

describe('subscription state and the free trial', () => {
  it('a new member is not subscribed', async () => {
    const member = await account();
    expect(await (await t.client(member.cookie).subscription.$get()).json()).toEqual({
      subscribed: false,
      subscription_tier: null,
      subscription_end: null,
      is_trial: false,
      trial_end: null,
      trial_available: true,
      payment_grace_end: null,
      // Day 1 as a taster, today's exercise, and the trial to start (docs/decisions/0021).
      entitlements: {
        standing: 'free',
        train: 'taster',
        library: 'today',
        reminders: false,
        coaching: false,
        trialAvailable: true,
        graceEnd: null,
        until: null,
      },
    });
  });

  it('activate-trial gives Feel and Burn for 7 days, once per account ever', async () => {
    const member = await account();
    const trial = () => t.client(member.cookie).subscription.trial.$post();
    const first = await trial();
    expect(first.status).toBe(200);
    const trialEnd = '2026-06-08T09:00:00.000Z';
    expect(await first.json()).toEqual({
      subscribed: true,
      subscription_tier: 'Feel and Burn',
      subscription_end: trialEnd,
      is_trial: true,
      trial_end: trialEnd,
      trial_available: false,
      payment_grace_end: null,
      entitlements: {
        standing: 'trial',
        train: 'all',
        library: 'all',
        reminders: true,
        coaching: false,
        trialAvailable: false,
        graceEnd: null,
        until: trialEnd,
      },
    });

    const second = await trial();
    expect(second.status).toBe(409);
    expect((await json(second)).error.message).toBe('Your free trial has already been used.');
    const rows = await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.trialEnd?.toISOString()).toBe(trialEnd);
  });

  it('a trial started again with its Idempotency-Key (its answer lost) answers the trial it started', async () => {
    const member = await account();
    const key = randomUUID();
    const trial = () =>
      t.request('/api/subscription/trial', {
        method: 'POST',
        cookie: member.cookie,
        headers: { 'idempotency-key': key },
      });
    const first = await trial();
    expect(first.status).toBe(200);
    const again = await trial();
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(await json(first));
    expect(await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId))).toHaveLength(
      1,
    );
    // Without the key (a new tap), the rule stands.
    const other = await t.client(member.cookie).subscription.trial.$post();
    expect((await json(other)).error.message).toBe('Your free trial has already been used.');
  });

  it('refuses a trial to a paying member and changes nothing', async () => {
    const member = await account();
    await t.db.insert(subscribers).values({
      userId: member.userId,
      email: member.email,
      subscribed: true,
      subscriptionTier: 'The Daily Core',
    });
    const res = await t.client(member.cookie).subscription.trial.$post();
    expect(res.status).toBe(409);
    expect((await json(res)).error.message).toBe('You already have an active subscription.');
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId));
    expect(row).toMatchObject({ isTrial: false, subscriptionTier: 'The Daily Core', trialUsed: false });
  });

  it('needs a session', async () => {
    const res = await t.client().subscription.trial.$post();
    expect(res.status).toBe(401);
    expect((await json(res)).error.message).toBe('Authentication Error: Please sign in to continue.');
  });
});

describe('a member known by id only (live delivery)', () => {
  it('has the state the member sees signed in: none, a trial, a paid tier, a lapsed one; none for an unknown id', async () => {
    const stateOf = async (member: { userId: string; cookie: string }) => {
      const byId = await getMemberSubscriptionState(t.deps, { userId: member.userId });
      const { entitlements, ...signedIn } = await (await t.client(member.cookie).subscription.$get()).json();
      expect(byId).toEqual(signedIn);
      expect(await getMemberEntitlements(t.deps, { userId: member.userId })).toEqual(entitlements);
      return byId;
    };
    const none = await account();
    expect(await stateOf(none)).toMatchObject({ subscribed: false, subscription_tier: null });

    const trial = await account();
    await t.client(trial.cookie).subscription.trial.$post();
    expect(await stateOf(trial)).toMatchObject({ subscribed: true, is_trial: true });

    const paid = await account();
    const lapsed = await account();
    await t.db.insert(subscribers).values([
      { userId: paid.userId, email: paid.email, subscribed: true, subscriptionTier: '1-on-1 Burn' },
      { userId: lapsed.userId, email: lapsed.email, subscribed: false, subscriptionTier: '1-on-1 Burn' },
    ]);
    expect(await stateOf(paid)).toMatchObject({ subscribed: true, subscription_tier: '1-on-1 Burn' });
    expect(await stateOf(lapsed)).toMatchObject({ subscribed: false });

    expect(await getMemberSubscriptionState(t.deps, { userId: 'no-such-member' })).toMatchObject({
      subscribed: false,
      subscription_tier: null,
    });
  });
});
