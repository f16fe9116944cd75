import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  coachAssignments,
  coachProfiles,
  coachWaitlist,
  discussionTopics,
  seatHolds,
  userRoles,
} from '../../platform/db/schema.ts';
import { createMember, json, signInAdmin, type TestApp } from '../../testing/harness.ts';

// What the seat tests share: coaches with a number of seats, members who check out 1-on-1 Burn
// through the demo provider and pay it, and a clean slate between tests.

export const HOUR = 3_600_000;

export async function ownerOf(t: TestApp) {
  const cookie = await signInAdmin(t);
  const id = (await json(await t.request('/api/me', { cookie }))).user.id as string;
  return { cookie, id };
}

/** A coach (role and profile) with this many seats. */
export async function addCoach(t: TestApp, name: string, seats: number) {
  const member = await createMember(t, undefined, { plan: 'none' });
  await t.db.insert(userRoles).values({ userId: member.userId, role: 'coach' });
  await t.db.insert(coachProfiles).values({ userId: member.userId, name, seats });
  return member.userId;
}

/** No one coached, held or waiting; each coach named here with these seats, every other with none. */
export async function resetSeats(t: TestApp, seats: Record<string, number>) {
  await t.db.delete(seatHolds);
  await t.db.delete(coachWaitlist);
  await t.db.delete(discussionTopics);
  await t.db.delete(coachAssignments);
  await t.db.update(coachProfiles).set({ seats: 0 });
  for (const [userId, n] of Object.entries(seats))
    await t.db.update(coachProfiles).set({ seats: n }).where(eq(coachProfiles.userId, userId));
}

/** Open conversations of a coach: topics of members assigned to them (not paying: no seat). */
export async function giveConversations(t: TestApp, coachId: string, n: number) {
  for (let i = 0; i < n; i++) {
    const member = await createMember(t, undefined, { plan: 'none' });
    await t.db.insert(coachAssignments).values({ userId: member.userId, coachId });
    await t.db.insert(discussionTopics).values({ userId: member.userId, title: `Topic ${i}` });
  }
}

export const checkoutRequest = (t: TestApp, cookie: string, plan = 'burn-monthly') =>
  t.request('/api/subscription/checkout', { cookie, json: { plan } });

export async function pay(t: TestApp, url: string) {
  const res = await t.app.request(new URL(url).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' }).toString(),
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location') ?? '').searchParams.get('session_id') ?? '';
}

/** The success page's confirmation: the subscription re-read from the provider and written. */
export const confirm = (t: TestApp, cookie: string, sessionId: string) =>
  t.request('/api/subscription/confirm', { cookie, json: { session_id: sessionId } });

/** A member who checked out and paid `plan`. */
export async function paidMember(t: TestApp, plan = 'burn-monthly', email?: string) {
  const member = await createMember(t, email, { plan: 'none' });
  const res = await checkoutRequest(t, member.cookie, plan);
  expect(res.status, await res.clone().text()).toBe(200);
  const sessionId = await pay(t, (await json(res)).url);
  return { ...member, sessionId };
}

export const coachOf = async (t: TestApp, userId: string) =>
  (await t.db.select().from(coachAssignments).where(eq(coachAssignments.userId, userId)))[0]?.coachId ?? null;

/** Holds not released, whatever their expiry. */
export const openHolds = (t: TestApp) =>
  t.db.select().from(seatHolds).where(sql`${seatHolds.releasedAt} is null`);
