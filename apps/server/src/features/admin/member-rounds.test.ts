import { roundStandingLabel } from '@core28/core/rounds';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, workoutCompletions } from '../../platform/db/schema.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';

// The coach's views follow each member's current round (docs/decisions/0026): its program and
// number in the list, on the member's page, in the chat's panel and the attention card; between
// rounds and behind said as such.

const DAY = 86_400_000;
const NOW = new Date('2026-12-30T15:00:00Z');
let clock = NOW;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof createMember>>;

/** A paid member registered so that today is round 1's `day`, with these days completed. */
async function memberOnDay(
  day: number,
  completed: number[] = [],
  tier: Parameters<typeof givePaidTier>[2] = 'The Daily Core',
) {
  const m = await createMember(t);
  await givePaidTier(t, m, tier);
  const registered = new Date(NOW.getTime() - (day - 1) * DAY);
  await t.db.update(profiles).set({ registrationDate: registered }).where(eq(profiles.userId, m.userId));
  for (const d of completed)
    await t.db.insert(workoutCompletions).values({
      userId: m.userId,
      dayNumber: d,
      completedAt: new Date(registered.getTime() + (d - 1) * DAY),
    });
  return m;
}

const listRow = async (m: Member) => {
  const body = await json(await t.request(`/api/admin/users?search=${m.email}`, { cookie: admin }));
  expect(body.users).toHaveLength(1);
  return body.users[0];
};

describe("the coach's views of a member's round", () => {
  it('name the program, round and day; between rounds and behind say so; list, page and panel agree', async () => {
    // Round 2 of Foundations, started 4 days ago: day 5.
    const foundations = await memberOnDay(
      40,
      Array.from({ length: 28 }, (_, i) => i + 1),
    );
    clock = new Date(NOW.getTime() - 4 * DAY);
    const started = await t.request('/api/rounds', {
      cookie: foundations.cookie,
      json: { program: 'foundations' },
    });
    expect(started.status).toBe(201);
    clock = NOW;
    for (const d of [1, 2, 3, 4]) // into round 2 (the current round, filled by the trigger)
      await t.db.insert(workoutCompletions).values({ userId: foundations.userId, dayNumber: d });
    // Core28 done on its day 28, a week ago: between rounds since then.
    const between = await memberOnDay(
      35,
      Array.from({ length: 28 }, (_, i) => i + 1),
    );
    // Days 1 to 19 done, today day 23: behind since day 20.
    const behind = await memberOnDay(
      23,
      Array.from({ length: 19 }, (_, i) => i + 1),
    );

    const rowA = await listRow(foundations);
    expect(rowA.round).toMatchObject({
      number: 2,
      program: { slug: 'foundations', name: 'Foundations', days: 21 },
      status: 'running',
      currentDay: 5,
    });
    expect(rowA.currentDay).toBe(5);
    expect(roundStandingLabel(rowA.round)).toBe('Foundations · round 2 · day 5');

    const rowB = await listRow(between);
    expect(rowB.round).toMatchObject({ number: 1, status: 'finished', finishedOn: '2026-12-23' });
    expect(roundStandingLabel(rowB.round)).toBe('Between rounds since Dec 23');

    const rowC = await listRow(behind);
    expect(rowC.round).toMatchObject({ status: 'behind', lastCompletedDay: 19 });
    expect(roundStandingLabel(rowC.round)).toBe('Behind since day 20');

    for (const [m, row] of [
      [foundations, rowA],
      [between, rowB],
      [behind, rowC],
    ] as const) {
      const detail = await json(await t.request(`/api/admin/users/${m.userId}`, { cookie: admin }));
      const panel = await json(await t.request(`/api/admin/users/${m.userId}/summary`, { cookie: admin }));
      expect(detail.round).toEqual(row.round);
      expect(panel.round).toEqual(row.round);
    }
    const page = await json(await t.request(`/api/admin/users/${foundations.userId}`, { cookie: admin }));
    expect(page.days).toHaveLength(21); // the round's grid, not 28 days
  });

  it("the attention card names a 1-on-1 Burn member's round", async () => {
    const slipping = await memberOnDay(10, [1, 2, 3, 4, 5, 6], '1-on-1 Burn');
    const { attention } = await json(await t.request('/api/admin/dashboard', { cookie: admin }));
    const entry = attention.find((a: { userId: string }) => a.userId === slipping.userId);
    expect(entry).toMatchObject({ currentDay: 10, missedInARow: 3, round: { status: 'behind', number: 1 } });
    expect(roundStandingLabel(entry.round)).toBe('Behind since day 7');
  });
});
