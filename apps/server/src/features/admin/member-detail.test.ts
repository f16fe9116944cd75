import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, subscribers, wellnessTracking, workoutCompletions } from '../../platform/db/schema.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';

// issue 22: the coach's view of one member, the chat's side panel, the list's filters and the
// dashboard's attention card, on a seeded set of members.

const DAY_MS = 86_400_000;
let t: TestApp;
let admin: string;
type Member = Awaited<ReturnType<typeof createMember>>;

/** Puts the member on `day` of the program, with these days completed and this wellness logged. */
async function seed(
  member: Member,
  {
    day,
    completed = [],
    wellness = [],
  }: { day: number; completed?: number[]; wellness?: [number, number, number][] },
) {
  const registered = new Date(Date.now() - (day - 1) * DAY_MS);
  await t.db.update(profiles).set({ registrationDate: registered }).where(eq(profiles.userId, member.userId));
  for (const d of completed)
    await t.db.insert(workoutCompletions).values({
      userId: member.userId,
      dayNumber: d,
      completedAt: new Date(registered.getTime() + (d - 1) * DAY_MS),
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
  await seed(slipping, { day: 8, completed: [1, 2, 3, 4] });
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
    const other = await json(await t.request(`/api/admin/users/${steady.userId}`, { cookie: admin }));
    expect(other).toMatchObject({ userId: steady.userId, currentDay: 6, streak: 5, missedInARow: 0 });
    expect(other.wellness).toHaveLength(3);
    expect(other.lastWellness).toEqual({ day: 5, feeling: 5, energy: 4 });
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
