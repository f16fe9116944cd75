import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memberProgress,
  profiles,
  programDayStats,
  users,
  wellnessTracking,
  wellnessWeekStats,
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

// Fixed clocks: "today" is the real date (sign-up stamps rows with the database's time), then
// the clock moves to tomorrow morning. A run that starts in the last two minutes of a UTC day
// waits for the next: its sign-ups would be stamped with a date the clock does not show.
const untilTomorrow = 86_400_000 - (Date.now() % 86_400_000);
if (untilTomorrow < 120_000) await new Promise((resolve) => setTimeout(resolve, untilTomorrow + 1_000));
const today = new Date(`${new Date().toISOString().slice(0, 10)}T10:00:00Z`);
const tomorrow = new Date(today.getTime() + 23 * 3600_000);
let clock = today;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const dashboard = async () => {
  const res = await t.request('/api/admin/dashboard', { cookie: admin });
  expect(res.status).toBe(200);
  return json(res);
};
const card = (body: { cards: { key: string; value: number; change: number | null }[] }, key: string) =>
  body.cards.find((c) => c.key === key);

describe('the dashboard cards', () => {
  it('count members (admins excluded), paid subscribers, open conversations and days completed, with the change since yesterday', async () => {
    const ann = await createMember(t);
    const ben = await createMember(t);
    await givePaidTier(t, ben, '1-on-1 Burn');
    await t.request('/api/program/complete', { cookie: ann.cookie, json: { day: 1 } });
    const topic = await json(
      await t.request('/api/coaching/topics', { cookie: ben.cookie, json: { title: 'Hi' } }),
    );
    // The admin's own completed day is not a member's.
    await t.request('/api/program/complete', { cookie: admin, json: { day: 1 } });

    const first = await dashboard();
    expect(first.comparedWith).toBeNull();
    expect(card(first, 'members')).toEqual({ key: 'members', value: 2, change: null });
    expect(card(first, 'paidSubscribers')?.value).toBe(1);
    expect(card(first, 'openConversations')?.value).toBe(1);
    expect(card(first, 'daysCompleted')?.value).toBe(1);

    clock = tomorrow;
    const cy = await createMember(t);
    await givePaidTier(t, cy, 'The Daily Core');
    await givePaidTier(t, ben, 'Feel and Burn'); // Ben's paid plan ended: net 0 paid
    await t.request('/api/program/complete', { cookie: ann.cookie, json: { day: 2 } });
    await t.request('/api/program/complete', { cookie: cy.cookie, json: { day: 1 } });
    await t.request(`/api/admin/coaching/topics/${topic.topic.id}`, {
      method: 'PATCH',
      cookie: admin,
      json: { isArchived: true },
    });

    const next = await dashboard();
    expect(next.comparedWith).toBe(today.toISOString().slice(0, 10));
    expect(next.cards).toEqual([
      { key: 'members', value: 3, change: 1 },
      { key: 'paidSubscribers', value: 1, change: 0 },
      { key: 'openConversations', value: 0, change: -1 },
      { key: 'daysCompleted', value: 3, change: 2 },
    ]);
    clock = today;
  });
});

describe('recent messages and activity', () => {
  it('lists the 10 newest coaching messages, newest first, each with its chat link ids', async () => {
    const member = await createMember(t);
    await givePaidTier(t, member, '1-on-1 Burn');
    const { topic } = await json(
      await t.request('/api/coaching/topics', { cookie: member.cookie, json: { title: 'Twelve messages' } }),
    );
    for (let i = 1; i <= 12; i++) {
      // A minute apart: the coaching throttle allows a member 10 messages a minute.
      clock = new Date(today.getTime() + i * 60_000);
      await t.request(`/api/coaching/topics/${topic.id}/messages`, {
        cookie: member.cookie,
        json: { message: `m${i}` },
      });
    }
    const body = await dashboard();
    expect(body.recentMessages.map((m: { message: string }) => m.message)).toEqual(
      Array.from({ length: 10 }, (_, i) => `m${12 - i}`),
    );
    expect(body.recentMessages[0]).toMatchObject({
      topicId: topic.id,
      userId: member.userId,
      title: 'Twelve messages',
    });
    clock = today;
  });

  it('merges sign-ups, completed days and subscriptions, newest first, at most 10, no admins', async () => {
    const body = await dashboard();
    expect(body.recentActivity.length).toBe(10);
    const times = body.recentActivity.map((a: { at: string }) => a.at);
    expect([...times].sort().reverse()).toEqual(times);
    const kinds = new Set(body.recentActivity.map((a: { kind: string }) => a.kind));
    expect(kinds).toEqual(new Set(['signup', 'day_completed', 'subscription']));
    expect(body.recentActivity.some((a: { userName: string }) => a.userName === t.config.admin.email)).toBe(
      false,
    );
  });
});

describe('program analytics', () => {
  it('ranks members by days completed in their round, counts completions per day, shares past each week and wellness per week', async () => {
    const veteran = await createMember(t);
    // Registered 40 days ago: the day is capped at 28, and every day is done.
    await t.db
      .update(profiles)
      .set({ registrationDate: new Date(today.getTime() - 40 * 86_400_000) })
      .where(eq(profiles.userId, veteran.userId));
    await t.db
      .insert(workoutCompletions)
      .values(Array.from({ length: 28 }, (_, i) => ({ userId: veteran.userId, dayNumber: i + 1 })));
    await t.db.insert(wellnessTracking).values([
      { userId: veteran.userId, dayNumber: 1, feelingRating: 2, energyLevel: 3 },
      { userId: veteran.userId, dayNumber: 7, feelingRating: 4, energyLevel: 4 },
      { userId: veteran.userId, dayNumber: 22, feelingRating: 5, energyLevel: 5 },
    ]);

    const res = await t.request('/api/admin/program', { cookie: admin });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.topMembers[0]).toMatchObject({
      userId: veteran.userId,
      currentDay: 28,
      completedDays: 28,
      program: { slug: 'core28', name: 'Core28', days: 28 },
      roundNumber: 1,
    });
    expect(body.topMembers.length).toBeLessThanOrEqual(20);
    const done = body.topMembers.map((m: { completedDays: number }) => m.completedDays);
    expect([...done].sort((a, b) => b - a)).toEqual(done);

    expect(body.completionsPerDay).toHaveLength(28);
    const completions = await t.db.select().from(workoutCompletions);
    const adminId = (await json(await t.request('/api/me', { cookie: admin }))).user.id;
    const memberRows = completions.filter((row) => row.userId !== adminId);
    expect(
      body.completionsPerDay.reduce((n: number, d: { completions: number }) => n + d.completions, 0),
    ).toBe(memberRows.length);
    expect(body.completionsPerDay[27]).toEqual({ day: 28, completions: 1 });

    expect(body.pastWeek[3]).toMatchObject({ week: 4, members: 1 });
    expect(body.pastWeek[3].share).toBeCloseTo(1 / body.members, 2);
    expect(body.wellnessPerWeek).toEqual([
      { week: 1, feeling: 3, energy: 3.5, entries: 2 },
      { week: 2, feeling: null, energy: null, entries: 0 },
      { week: 3, feeling: null, energy: null, entries: 0 },
      { week: 4, feeling: 5, energy: 5, entries: 1 },
    ]);
  });
});

describe('the top members', () => {
  it('are those furthest into their current round by days completed, not the oldest sign-ups, with its program', async () => {
    // An old sign-up who trained one day, and a newer member 10 days into round 2 of Foundations.
    const oldest = await createMember(t);
    await t.db
      .update(profiles)
      .set({ registrationDate: new Date('2020-01-01T00:00:00Z') })
      .where(eq(profiles.userId, oldest.userId));
    await t.db.insert(workoutCompletions).values({ userId: oldest.userId, dayNumber: 1 });
    const keen = await createMember(t);
    await givePaidTier(t, keen, 'The Daily Core');
    clock = new Date(today.getTime() - 10 * 86_400_000);
    expect(
      (await t.request('/api/rounds', { cookie: keen.cookie, json: { program: 'foundations' } })).status,
    ).toBe(201);
    clock = today;
    await t.db
      .insert(workoutCompletions)
      .values(Array.from({ length: 10 }, (_, i) => ({ userId: keen.userId, dayNumber: i + 1 })));
    const { topMembers } = await json(await t.request('/api/admin/program', { cookie: admin }));
    const ids = topMembers.map((m: { userId: string }) => m.userId);
    expect(ids.indexOf(keen.userId)).toBeLessThan(
      ids.indexOf(oldest.userId) === -1 ? Infinity : ids.indexOf(oldest.userId),
    );
    expect(topMembers.find((m: { userId: string }) => m.userId === keen.userId)).toMatchObject({
      program: { slug: 'foundations', name: 'Foundations', days: 21 },
      roundNumber: 2,
      currentDay: 11,
      completedDays: 10,
    });
    // Nobody with no day done is listed.
    expect(topMembers.every((m: { completedDays: number }) => m.completedDays > 0)).toBe(true);
  });
});

describe('the kept aggregates', () => {
  it('follow every insert, upsert and delete, cascades included, and match a full recount', async () => {
    const member = await createMember(t);
    await t.request('/api/program/complete', { cookie: member.cookie, json: { day: 1 } });
    await t.request('/api/program/wellness', {
      method: 'PUT',
      cookie: member.cookie,
      json: { day: 1, feeling: 1, energy: 1 },
    });
    await t.request('/api/program/wellness', {
      method: 'PUT',
      cookie: member.cookie,
      json: { day: 1, feeling: 5, energy: 4 },
    });

    const recount = async () => {
      const all = await t.db.select().from(workoutCompletions);
      const perDay = Array.from(
        { length: 28 },
        (_, i) => all.filter((row) => row.dayNumber === i + 1).length,
      );
      const [stats] = await Promise.all([t.db.select().from(programDayStats)]);
      // A day's count is the sum of its shards (one per database connection).
      const kept = Array.from({ length: 28 }, (_, i) =>
        stats.filter((s) => s.dayNumber === i + 1).reduce((n, s) => n + s.completions, 0),
      );
      const progress = await t.db.select().from(memberProgress);
      const perUser = new Map<string, number>();
      for (const row of all) perUser.set(row.userId, (perUser.get(row.userId) ?? 0) + 1);
      const wellness = await t.db.select().from(wellnessTracking);
      const week1 = wellness.filter((w) => w.dayNumber <= 7);
      const keptWeek1 = (await t.db.select().from(wellnessWeekStats))
        .filter((w) => w.week === 1)
        .reduce(
          (sum, w) => ({
            entries: sum.entries + w.entries,
            feelingSum: sum.feelingSum + w.feelingSum,
            energySum: sum.energySum + w.energySum,
          }),
          { entries: 0, feelingSum: 0, energySum: 0 },
        );
      return {
        perDayMatches: JSON.stringify(kept) === JSON.stringify(perDay),
        perUserMatches:
          progress
            .filter((p) => p.completedDays > 0)
            .every((p) => perUser.get(p.userId) === p.completedDays) &&
          [...perUser].every(([id, n]) => progress.find((p) => p.userId === id)?.completedDays === n),
        week1Matches:
          keptWeek1.entries === week1.length &&
          keptWeek1.feelingSum === week1.reduce((n, w) => n + w.feelingRating, 0) &&
          keptWeek1.energySum === week1.reduce((n, w) => n + w.energyLevel, 0),
      };
    };
    expect(await recount()).toEqual({ perDayMatches: true, perUserMatches: true, week1Matches: true });
    await t.db.delete(users).where(eq(users.id, member.userId)); // account deletion cascades
    expect(await recount()).toEqual({ perDayMatches: true, perUserMatches: true, week1Matches: true });
  });
});

describe('members completing the same day at once', () => {
  // The per-day counter was one row, locked by every completion of that day until its
  // transaction ended, so members finishing day 1 together were served one at a time. Each
  // connection now counts in its own shard. PostgreSQL only: PGlite has one connection.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'do not wait for each other, and every completion is counted',
    async () => {
      const [first, second] = [await createMember(t), await createMember(t)];
      const dayOne = async () => {
        const res = await t.request('/api/admin/program', { cookie: admin });
        return (await json(res)).completionsPerDay[0].completions as number;
      };
      const before = await dayOne();
      // Two connections whose shards differ (pids modulo 32; a third if the first two share one).
      const clients = [];
      for (let i = 0; i < 3; i++) {
        const client = new pg.Client({ connectionString: t.database.url });
        await client.connect();
        clients.push(client);
      }
      try {
        const shards = await Promise.all(
          clients.map(async (c) => Number((await c.query('select pg_backend_pid() % 32 as s')).rows[0].s)),
        );
        const a = clients[0]!;
        const b = clients[shards[1] !== shards[0] ? 1 : 2]!;
        const insert = `insert into workout_completions (user_id, day_number, completed_at) values ($1, 1, now())`;
        await a.query('begin');
        await a.query(insert, [first.userId]);
        // A still holds its transaction open: B's completion of the same day must not wait for it.
        await b.query('begin');
        await b.query(`set local lock_timeout = '2s'`);
        await b.query(insert, [second.userId]);
        await b.query('commit');
        await a.query('commit');
      } finally {
        await Promise.all(clients.map((c) => c.end()));
      }
      expect(await dayOne()).toBe(before + 2);
    },
  );
});
