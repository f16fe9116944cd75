import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exerciseProgress,
  profiles,
  sessions,
  subscribers,
  wellnessTracking,
  workoutCompletions,
} from '../../platform/db/schema.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';

// The coach's view of one member, the chat's side panel, the list's filters and the
// dashboard's attention card, on a seeded set of members.

const DAY_MS = 86_400_000;
let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<typeof createMember>>;

/**
 * Puts the member on `day` of the program, with these days completed, these results (day,
 * seconds, reps) and this wellness logged.
 */
async function seed(
  member: Member,
  {
    day,
    completed = [],
    results = [],
    wellness = [],
  }: {
    day: number;
    completed?: number[];
    results?: [number, number, number][];
    wellness?: [number, number, number][];
  },
) {
  const registered = new Date(Date.now() - (day - 1) * DAY_MS);
  await t.db.update(profiles).set({ registrationDate: registered }).where(eq(profiles.userId, member.userId));
  for (const d of completed)
    await t.db.insert(workoutCompletions).values({
      userId: member.userId,
      dayNumber: d,
      completedAt: new Date(registered.getTime() + (d - 1) * DAY_MS),
    });
  for (const [d, seconds, reps] of results)
    await t.db.insert(exerciseProgress).values({
      userId: member.userId,
      dayNumber: d,
      totalTimeSeconds: seconds,
      repetitionsCompleted: reps,
    });
  for (const [d, feeling, energy] of wellness)
    await t.db
      .insert(wellnessTracking)
      .values({ userId: member.userId, dayNumber: d, feelingRating: feeling, energyLevel: energy });
}

let steady: Member;
let slipping: Member;
let falling: Member;
let trialEnding: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  steady = await createMember(t);
  await givePaidTier(t, steady, '1-on-1 Burn');
  await seed(steady, {
    day: 6,
    completed: [1, 2, 3, 4, 5],
    wellness: [
      [3, 4, 4],
      [4, 4, 4],
      [5, 5, 4],
    ],
  });
  slipping = await createMember(t);
  await givePaidTier(t, slipping, '1-on-1 Burn');
  await seed(slipping, {
    day: 8,
    completed: [1, 2, 3, 4],
    results: [
      [1, 185, 0],
      [2, 240, 36],
    ],
  });
  falling = await createMember(t);
  await givePaidTier(t, falling, 'The Daily Core');
  await seed(falling, {
    day: 5,
    completed: [1, 2, 3, 4],
    wellness: [
      [2, 5, 4],
      [3, 4, 4],
      [4, 3, 3],
    ],
  });
  trialEnding = await createMember(t);
  const trial = {
    subscribed: true,
    subscriptionTier: 'Feel and Burn' as const,
    isTrial: true,
    trialEnd: new Date(Date.now() + 2 * DAY_MS),
  };
  await t.db
    .insert(subscribers)
    .values({ userId: trialEnding.userId, email: trialEnding.email, ...trial })
    .onConflictDoUpdate({ target: subscribers.userId, set: trial });
});
afterAll(() => t.close());

describe('one member, as the coach sees them', () => {
  it('answers exactly that member: plan, day, streak, grid, results and wellness', async () => {
    const res = await t.request(`/api/admin/users/${slipping.userId}`, { cookie: admin });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      userId: slipping.userId,
      email: slipping.email,
      tier: '1-on-1 Burn',
      plan: 'paid',
      currentDay: 8,
      streak: 0,
      completedDays: 4,
      missedInARow: 3,
      wellnessFalling: false,
      lastWellness: null,
    });
    expect(body.lastSession.day).toBe(4);
    expect(body.days.slice(0, 9).map((d: { status: string }) => d.status)).toEqual([
      ...Array(4).fill('completed'),
      ...Array(3).fill('missed'),
      'current',
      'future',
    ]);
    expect(body.lastActive).not.toBeNull();
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, slipping.userId));
    expect(body.registrationDate).toBe(profile!.registrationDate.toISOString());
    expect(body.results).toEqual([
      { day: 1, totalSeconds: 185, reps: 0 },
      { day: 2, totalSeconds: 240, reps: 36 },
    ]);
    const other = await json(await t.request(`/api/admin/users/${steady.userId}`, { cookie: admin }));
    expect(other).toMatchObject({ userId: steady.userId, currentDay: 6, streak: 5, missedInARow: 0 });
    expect(other.wellness).toHaveLength(3);
    expect(other.lastWellness).toEqual({ day: 5, feeling: 5, energy: 4 });
  });

  it("lists that member's own topics, never another member's", async () => {
    const topic = (member: Member, title: string) =>
      t.request('/api/coaching/topics', { cookie: member.cookie, json: { title } });
    expect((await topic(slipping, 'Missed a few days')).status).toBe(201);
    expect((await topic(steady, 'Plank form')).status).toBe(201);
    const body = await json(await t.request(`/api/admin/users/${slipping.userId}`, { cookie: admin }));
    expect(body.topics.map((x: { title: string }) => x.title)).toEqual(['Missed a few days']);
    const theirs = await json(await t.request(`/api/admin/users/${steady.userId}`, { cookie: admin }));
    expect(theirs.topics.map((x: { title: string }) => x.title)).toEqual(['Plank form']);
  });

  it('says whether the plan renews, cancels at the period end or switches down, and when', async () => {
    const periodEnd = new Date(Date.now() + 20 * DAY_MS);
    const subscribe = async (row: Partial<typeof subscribers.$inferInsert>) => {
      const m = await createMember(t);
      await givePaidTier(t, m, 'The Daily Core');
      await t.db
        .update(subscribers)
        .set({ planId: 'daily-core-yearly', subscriptionEnd: periodEnd, ...row })
        .where(eq(subscribers.userId, m.userId));
      return json(await t.request(`/api/admin/users/${m.userId}`, { cookie: admin }));
    };
    const end = periodEnd.toISOString();
    expect(await subscribe({})).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      scheduledPlanId: null,
      subscriptionEnd: end,
    });
    expect(await subscribe({ cancelAtPeriodEnd: true })).toMatchObject({
      status: 'cancelling',
      cancelAtPeriodEnd: true,
      subscriptionEnd: end,
    });
    expect(await subscribe({ scheduledPlanId: 'daily-core-monthly' })).toMatchObject({
      status: 'downgrading',
      planId: 'daily-core-yearly',
      scheduledPlanId: 'daily-core-monthly',
      subscriptionEnd: end,
    });
    expect(await subscribe({ subscribed: false })).toMatchObject({ status: 'ended', plan: 'none' });
    const trial = await json(await t.request(`/api/admin/users/${trialEnding.userId}`, { cookie: admin }));
    expect(trial).toMatchObject({ status: 'trial', plan: 'trial', trialEnd: expect.any(String) });
  });

  it('gives the side panel the same figures, and refuses members and visitors', async () => {
    const res = await t.request(`/api/admin/users/${steady.userId}/summary`, { cookie: admin });
    expect(await json(res)).toMatchObject({
      userId: steady.userId,
      currentDay: 6,
      streak: 5,
      completedDays: 5,
    });
    for (const path of [`/api/admin/users/${steady.userId}`, `/api/admin/users/${steady.userId}/summary`]) {
      expect((await t.request(path)).status).toBe(401);
      expect((await t.request(path, { cookie: steady.cookie })).status).toBe(403);
    }
    expect((await t.request('/api/admin/users/no-such-member', { cookie: admin })).status).toBe(404);
  });
});

describe('who needs attention', () => {
  const ids = async (query: string) =>
    (await json(await t.request(`/api/admin/users?${query}`, { cookie: admin }))).users.map(
      (u: { id: string }) => u.id,
    ) as string[];

  it('filters by days missed in a row, falling wellness, plan and 1-on-1 Burn', async () => {
    expect(await ids('missed=2')).toEqual([slipping.userId]);
    expect(await ids('falling=true')).toEqual([falling.userId]);
    const burn = await ids('burn=true');
    expect(burn.sort()).toEqual([steady.userId, slipping.userId].sort());
    expect(await ids('plan=trial')).toContain(trialEnding.userId);
    expect(await ids('plan=paid')).not.toContain(trialEnding.userId);
    expect((await ids('sort=missed'))[0]).toBe(slipping.userId);
    const bad = await t.request('/api/admin/users?missed=-1', { cookie: admin });
    expect(bad.status).toBe(400);
  });

  it('sorts by last activity: the most recently active first, never-active members last', async () => {
    const quiet = await createMember(t);
    // Signed out everywhere and nothing done: never active (the kept column recomputes to null).
    await t.db.delete(sessions).where(eq(sessions.userId, quiet.userId));
    const active = await createMember(t);
    const done = await t.request('/api/program/complete', { cookie: active.cookie, json: { day: 1 } });
    expect(done.ok).toBe(true);
    const order = await ids('sort=lastActive&pageSize=100');
    expect(order[0]).toBe(active.userId);
    expect(order.at(-1)).toBe(quiet.userId);
    const { users } = await json(
      await t.request('/api/admin/users?sort=lastActive&pageSize=100', { cookie: admin }),
    );
    const times = users.map((u: { lastActive: string | null }) => u.lastActive);
    expect(times.at(-1)).toBeNull();
    const known = times.filter((x: string | null) => x !== null) as string[];
    expect(known).toEqual([...known].sort().reverse());
  });

  it("lists the slipping 1-on-1 Burn member and the ending trial on the dashboard's card", async () => {
    const { attention } = await json(await t.request('/api/admin/dashboard', { cookie: admin }));
    const byId = new Map(attention.map((a: { userId: string }) => [a.userId, a]));
    expect(byId.get(slipping.userId)).toMatchObject({ missedInARow: 3, trialEnd: null });
    expect(byId.get(trialEnding.userId)).toMatchObject({ trialEnd: expect.any(String) });
    expect(byId.has(steady.userId)).toBe(false);
    expect(byId.has(falling.userId)).toBe(false);
  });

  it("names a member first and last name, else display name, else e-mail (auth's memberNameSql)", async () => {
    const nameOnCard = async (names: {
      firstName: string | null;
      lastName: string | null;
      displayName: string | null;
    }) => {
      await t.db.update(profiles).set(names).where(eq(profiles.userId, trialEnding.userId));
      const { attention } = await json(await t.request('/api/admin/dashboard', { cookie: admin }));
      return attention.find((a: { userId: string }) => a.userId === trialEnding.userId)?.name;
    };
    expect(await nameOnCard({ firstName: 'Ada', lastName: 'Lovelace', displayName: 'ada' })).toBe(
      'Ada Lovelace',
    );
    expect(await nameOnCard({ firstName: null, lastName: 'Lovelace', displayName: 'ada' })).toBe('Lovelace');
    expect(await nameOnCard({ firstName: ' ', lastName: null, displayName: 'ada' })).toBe('ada');
    expect(await nameOnCard({ firstName: null, lastName: null, displayName: '  ' })).toBe(trialEnding.email);
    expect(await nameOnCard({ firstName: null, lastName: null, displayName: null })).toBe(trialEnding.email);
  });
});
