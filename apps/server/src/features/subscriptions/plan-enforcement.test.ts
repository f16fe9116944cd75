import type { CheckoutPlanId } from '@core28/core/plans';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, profiles, subscribers, workoutCompletions } from '../../platform/db/schema.ts';
import type { DemoProvider } from '../../platform/payments/demo.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';
import { queueReminder } from '../../testing/reminders.ts';
import { mailEndedPlans } from './plan-ended.ts';

// What a plan buys, over time (docs/decisions/0021): a failed renewal keeps the plan for its grace
// period and then ends it, a new card mends it, an ended plan is told once, a job queued while the
// plan ran does nothing after it ended, and the taster and today's exercise are all a free account
// trains. The clock is the test's; the provider is the demo one, whose renewals follow the clock.

let t: TestApp;
let demo: DemoProvider;
let clock = new Date('2026-04-01T00:00:00Z');
const at = (iso: string) => {
  clock = new Date(iso);
};
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  demo = t.deps.payments as DemoProvider;
});
afterAll(() => t.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const postForm = (path: string, fields: Record<string, string>) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form(fields),
  });
const card = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

async function paidMember(plan: CheckoutPlanId = 'daily-core-monthly') {
  const member = await createMember(t, undefined, { plan: 'none' });
  const res = await t.client(member.cookie).subscription.checkout.$post({ json: { plan } });
  expect(res.status).toBe(200);
  const path = new URL((await res.json()).url).pathname;
  expect((await postForm(path, card)).status).toBe(303);
  return member;
}

const entitlementsOf = async (cookie: string) =>
  (await json(await t.request('/api/subscription', { cookie }))).entitlements;
const rowOf = async (userId: string) =>
  (await t.db.select().from(subscribers).where(eq(subscribers.userId, userId)))[0]!;
const mailsTo = async (email: string, subject: string) => {
  await t.drainJobs();
  return t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, subject)));
};
const FAILED = 'Your Core28 payment did not go through';
const session = (cookie: string, day = 1) => t.request(`/api/program/days/${day}/session`, { cookie });
const complete = (cookie: string, day = 1) => t.request('/api/program/complete', { cookie, json: { day } });
/** Where the member updates their card: the demo portal the app's own route opens. */
async function updateCard(cookie: string) {
  const portal = await t.request('/api/subscription/portal', { cookie, json: {} });
  expect(portal.status).toBe(200);
  const url = new URL((await json(portal)).url);
  expect((await postForm(url.pathname + url.search, { action: 'card', ...card })).status).toBeLessThan(400);
}

describe('a payment that fails', () => {
  it('keeps the plan through the grace period with one mail, then ends it like a cancellation', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember();
    await demo.removeCards((await rowOf(member.userId)).providerCustomerId!);

    at('2026-05-01T00:00:01Z'); // the renewal cannot be paid: past due, the plan kept
    const inGrace = await entitlementsOf(member.cookie);
    expect(inGrace).toMatchObject({
      standing: 'daily-core',
      train: 'all',
      graceEnd: '2026-05-08T00:00:00.000Z',
    });
    expect(inGrace.until).toBe('2026-05-08T00:00:00.000Z');
    expect((await session(member.cookie, 1)).status).toBe(200);
    expect(await mailsTo(member.email, FAILED)).toHaveLength(1);
    const [mail] = await mailsTo(member.email, FAILED);
    expect(mail!.text).toContain('Your plan stays active until');
    expect(mail!.text).toContain('/subscription/manage');
    // Read again (and the provider's events of the same failure): still one mail.
    await entitlementsOf(member.cookie);
    expect(await mailsTo(member.email, FAILED)).toHaveLength(1);

    at('2026-05-07T23:59:59Z'); // the grace period's last second
    expect((await entitlementsOf(member.cookie)).standing).toBe('daily-core');
    at('2026-05-08T00:00:00Z');
    const ended = await entitlementsOf(member.cookie);
    expect(ended).toMatchObject({ standing: 'ended', train: 'none', library: 'none', reminders: false });
    expect(ended.graceEnd).toBe('2026-05-08T00:00:00.000Z'); // the paywall offers a new card, not a new plan
    const refused = await complete(member.cookie);
    expect(refused.status).toBe(403);
    expect((await json(refused)).error).toMatchObject({ code: 'PLAN_REQUIRED', requiredPlan: 'daily-core' });
    expect(
      await t.db.select().from(workoutCompletions).where(eq(workoutCompletions.userId, member.userId)),
    ).toEqual([]);

    at('2026-06-01T00:00:01Z'); // the period ends unpaid: the provider cancels it, and it stays ended
    expect(await entitlementsOf(member.cookie)).toMatchObject({ standing: 'ended', graceEnd: null });
    expect((await rowOf(member.userId)).subscribed).toBe(false);
  });

  it('is mended by a new card inside the grace period: the plan runs on, the banner’s reason is gone', async () => {
    at('2026-04-01T00:00:00Z');
    const member = await paidMember();
    await demo.removeCards((await rowOf(member.userId)).providerCustomerId!);
    at('2026-05-01T00:00:01Z');
    expect((await entitlementsOf(member.cookie)).graceEnd).not.toBeNull();

    at('2026-05-03T10:00:00Z');
    await updateCard(member.cookie);
    const mended = await entitlementsOf(member.cookie);
    expect(mended).toMatchObject({
      standing: 'daily-core',
      graceEnd: null,
      until: '2026-06-01T00:00:00.000Z',
    });
    expect((await rowOf(member.userId)).paymentFailedAt).toBeNull();
    at('2026-05-20T00:00:00Z'); // well past the grace period it no longer has
    expect((await entitlementsOf(member.cookie)).standing).toBe('daily-core');
    expect(await mailsTo(member.email, FAILED)).toHaveLength(1);
  });
});

describe('the plan-ended mail', () => {
  it('goes once to a member whose trial ended, never to one whose plan runs', async () => {
    at('2026-08-01T09:00:00Z');
    const trial = await createMember(t);
    const running = await paidMember();
    at('2026-08-08T09:00:01Z');
    await mailEndedPlans(t.deps);
    const endedMail = 'Your Core28 free trial has ended';
    expect(await mailsTo(trial.email, endedMail)).toHaveLength(1);
    await mailEndedPlans(t.deps);
    expect(await mailsTo(trial.email, endedMail)).toHaveLength(1);
    expect(await mailsTo(running.email, 'Your Core28 plan has ended')).toEqual([]);
  });
});

describe('a job queued while the plan ran', () => {
  it('does nothing once the plan has ended, and sends while it runs', async () => {
    at('2026-09-01T14:01:00Z');
    const make = async () => {
      const member = await createMember(t);
      await t.db
        .update(profiles)
        .set({ registrationDate: new Date('2026-09-01T08:00:00Z'), timeZone: 'UTC', reminderTime: '14:00' })
        .where(eq(profiles.userId, member.userId));
      return member;
    };
    const ends = await make();
    const runs = await make();
    for (const member of [ends, runs])
      await queueReminder(t, {
        userId: member.userId,
        kind: 'workout-reminder',
        localDate: '2026-09-01',
      });
    // The trial ends between the queueing and the sending.
    await t.db
      .update(subscribers)
      .set({ trialEnd: new Date('2026-09-01T14:00:30Z') })
      .where(eq(subscribers.userId, ends.userId));
    await t.drainJobs();
    const reminders = (email: string) =>
      t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), sql`${mailOutbox.meta}->>'kind' = 'workout-reminder'`));
    expect(await reminders(ends.email)).toEqual([]);
    expect(await reminders(runs.email)).toHaveLength(1);
  });
});

describe('an account without a plan', () => {
  it('trains Day 1 as a taster and sees today’s exercise only; the trial opens the rest', async () => {
    at('2026-10-01T09:00:00Z');
    const member = await createMember(t, undefined, { plan: 'none' });
    await t.db
      .update(profiles)
      .set({ registrationDate: new Date('2026-09-29T09:00:00Z') }) // today is day 3
      .where(eq(profiles.userId, member.userId));
    expect((await session(member.cookie, 1)).status).toBe(200);
    expect((await complete(member.cookie, 1)).status).toBe(200);
    const day2 = await complete(member.cookie, 2);
    expect(day2.status).toBe(403);
    expect((await json(day2)).error).toMatchObject({
      code: 'PLAN_REQUIRED',
      requiredPlan: 'daily-core',
      trialAvailable: true,
      message: 'Start your 7-day free trial to unlock the full 28-day program.',
    });
    const program = await json(await t.request('/api/program', { cookie: member.cookie }));
    const library = await json(await t.request('/api/exercises', { cookie: member.cookie }));
    const today = program.plan.find((d: { day: number }) => d.day === 3);
    expect(library.exercises.map((e: { id: number }) => e.id)).toEqual([today.exercise.id]);

    expect((await t.request('/api/subscription/trial', { cookie: member.cookie, json: {} })).status).toBe(
      200,
    );
    expect((await complete(member.cookie, 2)).status).toBe(200);
    const full = await json(await t.request('/api/exercises', { cookie: member.cookie }));
    expect(full.exercises.length).toBeGreaterThan(1);
  });
});
