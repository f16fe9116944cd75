import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, coachProfiles, coachWaitlist, seatHolds, subscribers } from '../../platform/db/schema.ts';
import type { DemoProvider } from '../../platform/payments/demo.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';
import { offerFreeSeats } from './offers.ts';
import {
  addCoach,
  checkoutRequest,
  coachOf,
  confirm,
  giveConversations,
  HOUR,
  openHolds,
  ownerOf,
  paidMember,
  pay,
  resetSeats,
} from './seats-setup.ts';

// 1-on-1 Burn's seats through the API: who gets which coach, the hold a checkout keeps, the
// refusal when every seat is taken, and the waitlist's offers on the app's clock.

const NOW = new Date('2026-12-30T15:00:00Z');
let clock = NOW;
let t: TestApp;
let owner: { cookie: string; id: string };
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await ownerOf(t);
});
afterAll(() => t.close());

const seats = async (cookie?: string) => json(await t.request('/api/coaching/seats', { cookie }));
const join = (email: string, interval = 'month', from = '203.0.113.9') =>
  t.request('/api/coaching/waitlist', { json: { email, interval }, from });

describe('assignment', () => {
  it('gives a new member the coach with the most free seats, ties to the fewest open conversations', async () => {
    clock = NOW;
    const ana = await addCoach(t, 'Ana', 3);
    const ben = await addCoach(t, 'Ben', 3);
    await resetSeats(t, { [owner.id]: 1, [ana]: 3, [ben]: 3 });
    await giveConversations(t, ana, 2);
    await giveConversations(t, ben, 1);
    // Ana and Ben have 3 free each: Ben has fewer open conversations.
    const first = await paidMember(t);
    expect(await coachOf(t, first.userId)).toBe(ben);
    // Now Ana has the most free seats (3 against 2).
    const second = await paidMember(t);
    expect(await coachOf(t, second.userId)).toBe(ana);
    // The holds became the assignments: none is left open.
    expect(await openHolds(t)).toEqual([]);
    // A renewal (the provider's re-read) keeps the coach even where another has more room.
    expect((await confirm(t, first.cookie, first.sessionId)).status).toBe(200);
    expect(await coachOf(t, first.userId)).toBe(ben);
  });

  it('holds the seat from the checkout for an hour; unpaid, it frees itself', async () => {
    clock = NOW;
    await resetSeats(t, { [owner.id]: 1 });
    expect(await seats()).toEqual({ available: true, held_for_you: false });
    const member = await createMember(t, undefined, { plan: 'none' });
    expect((await checkoutRequest(t, member.cookie)).status).toBe(200);
    const [hold] = await openHolds(t);
    expect(hold).toMatchObject({ userId: member.userId, coachId: owner.id });
    expect(hold!.expiresAt.getTime() - NOW.getTime()).toBe(HOUR);
    expect((await seats()).available).toBe(false);
    // Opening the checkout again keeps the one hold.
    expect((await checkoutRequest(t, member.cookie)).status).toBe(200);
    expect(await openHolds(t)).toHaveLength(1);
    clock = new Date(NOW.getTime() + HOUR + 60_000);
    expect((await seats()).available).toBe(true);
  });
});

describe('the last seat', () => {
  it('goes to exactly one of many simultaneous checkouts; the others get SEATS_FULL and nothing', async () => {
    clock = NOW;
    await resetSeats(t, { [owner.id]: 1 });
    const members = await Promise.all(
      Array.from({ length: 10 }, () => createMember(t, undefined, { plan: 'none' })),
    );
    const answers = await Promise.all(members.map((m) => checkoutRequest(t, m.cookie)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    const refused = await json(answers.find((res) => res.status === 409)!);
    expect(refused.error.code).toBe('SEATS_FULL');
    expect(refused.error.message).toMatch(/Every 1-on-1 Burn seat is taken/);
    expect(await openHolds(t)).toHaveLength(1);
    const winner = members[answers.findIndex((res) => res.status === 200)]!;
    await pay(t, (await json(answers.find((res) => res.status === 200)!)).url);
    expect(await coachOf(t, winner.userId)).toBe(owner.id);
    expect(await openHolds(t)).toEqual([]);
    // The seat is the member's now: still full for everyone else.
    expect(
      (await checkoutRequest(t, members[0] === winner ? members[1]!.cookie : members[0]!.cookie)).status,
    ).toBe(409);
    // Other plans are not limited.
    expect(
      (await checkoutRequest(t, members.find((m) => m !== winner)!.cookie, 'daily-core-monthly')).status,
    ).toBe(200);
  });

  it('refuses a change up to 1-on-1 Burn when full, changing nothing; with a seat, the member gets a coach', async () => {
    clock = NOW;
    await resetSeats(t, {});
    const member = await paidMember(t, 'daily-core-monthly');
    const preview = await t.request('/api/subscription/change/preview', {
      cookie: member.cookie,
      json: { plan: 'burn-monthly' },
    });
    expect(preview.status).toBe(409);
    const change = await t.request('/api/subscription/change', {
      cookie: member.cookie,
      json: { plan: 'burn-monthly' },
    });
    expect(change.status).toBe(409);
    expect((await json(change)).error.code).toBe('SEATS_FULL');
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId));
    expect(row).toMatchObject({ subscriptionTier: 'The Daily Core', planId: 'daily-core-monthly' });
    const provider = await (t.deps.payments as DemoProvider).getSubscription(row!.providerSubscriptionId!);
    expect(provider?.planId).toBe('daily-core-monthly');
    expect(await openHolds(t)).toEqual([]);

    await resetSeats(t, { [owner.id]: 1 });
    const ok = await t.request('/api/subscription/change', {
      cookie: member.cookie,
      json: { plan: 'burn-monthly' },
    });
    expect(ok.status).toBe(200);
    expect(await coachOf(t, member.userId)).toBe(owner.id);
    expect(await openHolds(t)).toEqual([]);
  });
});

describe('the waitlist', () => {
  it('takes an e-mail once while it waits, limits joins per address, and shows the owner the order', async () => {
    clock = NOW;
    await resetSeats(t, {});
    const first = await join('first@example.com', 'year', '203.0.113.1');
    expect(first.status).toBe(200);
    expect((await json(first)).message).toMatch(/on the waitlist/);
    // Again, in other letters: the same answer, one entry.
    expect((await join('FIRST@example.com', 'month', '203.0.113.2')).status).toBe(200);
    expect(await t.db.select().from(coachWaitlist)).toHaveLength(1);
    expect((await join('second@example.com', 'month', '203.0.113.3')).status).toBe(200);
    for (const i of [1, 2])
      expect((await join(`spam${i}@example.com`, 'month', '198.51.100.7')).status).toBe(200);
    await join('spam3@example.com', 'month', '198.51.100.7');
    const limited = await join('spam4@example.com', 'month', '198.51.100.7');
    expect(limited.status).toBe(429);
    expect((await json(limited)).error.code).toBe('TOO_MANY_REQUESTS');
    expect((await join('', 'month')).status).toBe(400);

    const list = await json(await t.request('/api/admin/waitlist', { cookie: owner.cookie }));
    expect(list.entries.slice(0, 2)).toMatchObject([
      { email: 'first@example.com', interval: 'year', position: 1, status: 'waiting' },
      { email: 'second@example.com', interval: 'month', position: 2, status: 'waiting' },
    ]);
    const member = await createMember(t);
    expect((await t.request('/api/admin/waitlist', { cookie: member.cookie })).status).toBe(403);
  });

  it('offers a freed seat to the first person for 48 hours, then to the next; the offer is taken at checkout', async () => {
    clock = NOW;
    await resetSeats(t, {});
    await join('wait-a@example.com', 'month', '203.0.113.20');
    clock = new Date(NOW.getTime() + 60_000);
    await join('wait-b@example.com', 'year', '203.0.113.21');
    await t.drainJobs();
    // A coach gets a seat: the sweep offers it to the first.
    await t.db.update(coachProfiles).set({ seats: 1 }).where(eq(coachProfiles.userId, owner.id));
    expect(await offerFreeSeats(t.deps)).toEqual({ offered: 1, expired: 0 });
    const mailA = await t.lastMail('wait-a@example.com');
    expect(mailA?.subject).toBe('A 1-on-1 Burn seat is yours for 48 hours');
    expect(mailA?.meta.url).toBe(
      `${t.config.publicUrl}/subscription/signup?plan=burn&interval=month&seat=held`,
    );
    const [hold] = await openHolds(t);
    expect(hold!.expiresAt.getTime() - clock.getTime()).toBe(48 * HOUR);
    expect(hold!.waitlistId).not.toBeNull();
    expect((await seats()).available).toBe(false);
    expect(await t.lastMail('wait-b@example.com')).toBeUndefined();

    // 48 hours pass unused: the next person gets it.
    clock = new Date(clock.getTime() + 48 * HOUR + 1000);
    expect(await offerFreeSeats(t.deps)).toEqual({ offered: 1, expired: 1 });
    expect((await t.lastMail('wait-b@example.com'))?.meta.url).toContain('interval=year');
    const list = await json(await t.request('/api/admin/waitlist', { cookie: owner.cookie }));
    expect(list.entries.map((e: { email: string; status: string }) => [e.email, e.status])).toEqual([
      ['wait-b@example.com', 'offered'],
      ['wait-a@example.com', 'offer-expired'],
    ]);

    // B signs up with the offered e-mail: the held seat is theirs, though no seat is free.
    const b = await createMember(t, 'wait-b@example.com', { plan: 'none' });
    expect(await seats(b.cookie)).toEqual({ available: true, held_for_you: true });
    const stranger = await createMember(t, undefined, { plan: 'none' });
    expect((await checkoutRequest(t, stranger.cookie)).status).toBe(409);
    const res = await checkoutRequest(t, b.cookie, 'burn-yearly');
    expect(res.status).toBe(200);
    await pay(t, (await json(res)).url);
    expect(await coachOf(t, b.userId)).toBe(owner.id);
    expect(await openHolds(t)).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(coachWaitlist)
      .where(eq(coachWaitlist.email, 'wait-b@example.com'));
    expect(entry?.closedAt).not.toBeNull();
  });

  it('a 1-on-1 Burn plan that ends offers its seat to the first person waiting', async () => {
    clock = NOW;
    await resetSeats(t, { [owner.id]: 1 });
    const member = await paidMember(t);
    await join('next-in-line@example.com', 'month', '203.0.113.30');
    await t.drainJobs();
    expect(await t.lastMail('next-in-line@example.com')).toBeUndefined();
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId));
    await (t.deps.payments as DemoProvider).cancelNow(row!.providerSubscriptionId!);
    expect((await confirm(t, member.cookie, member.sessionId)).status).toBe(200);
    expect((await json(await t.request('/api/subscription', { cookie: member.cookie }))).subscribed).toBe(
      false,
    );
    expect((await t.lastMail('next-in-line@example.com'))?.subject).toBe(
      'A 1-on-1 Burn seat is yours for 48 hours',
    );
  });

  it('the owner takes someone off the list (audited), and their offered seat goes to the next', async () => {
    clock = NOW;
    await resetSeats(t, { [owner.id]: 1 });
    await t.db.insert(coachWaitlist).values([
      { email: 'off-a@example.com', interval: 'month', createdAt: NOW },
      { email: 'off-b@example.com', interval: 'month', createdAt: new Date(NOW.getTime() + 1000) },
    ]);
    await offerFreeSeats(t.deps);
    const [a] = await t.db.select().from(coachWaitlist).where(eq(coachWaitlist.email, 'off-a@example.com'));
    expect(a?.offeredAt).not.toBeNull();
    const res = await t.request(`/api/admin/waitlist/${a!.id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
      headers: { origin: 'http://localhost:3999' },
    });
    expect(res.status).toBe(200);
    const [audit] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ actorId: owner.id, action: 'DELETE /api/admin/waitlist/:waitlistId' });
    expect((await t.lastMail('off-b@example.com'))?.subject).toBe('A 1-on-1 Burn seat is yours for 48 hours');
    const holds = await openHolds(t);
    expect(holds.map((h) => h.email)).toEqual(['off-b@example.com']);
    expect(await t.db.select().from(seatHolds)).toHaveLength(2);
  });
});
