import { MAX_PROGRAM_DAYS, readRound } from '@core28/core/rounds';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, wellnessTracking, workoutCompletions } from '../../platform/db/schema.ts';
import { createMember, createTestApp, type TestApp } from '../../testing/harness.ts';
import { listProgramSummaries, missedAtLeastSql, missedInARowSql, programDaySql } from './summaries.ts';

// The SQL twins of the program's rules (the coach's filters over every member) answer
// what the program feature's own functions answer, member by member, whatever the time of day.

const NOW = new Date('2026-07-10T00:30:00Z'); // just past midnight UTC: a day boundary close by
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
});
afterAll(() => t.close());

type Case = {
  registered: string;
  completed: number[];
  wellness: [number, number, number][];
  timeZone?: string;
};
const CASES: Case[] = [
  { registered: '2026-07-10T00:10:00Z', completed: [], wellness: [] }, // day 1
  { registered: '2026-07-09T23:59:00Z', completed: [], wellness: [] }, // day 2 since midnight
  {
    registered: '2026-07-01T12:00:00Z',
    completed: [1, 2, 3, 4],
    wellness: [
      [2, 5, 4],
      [3, 4, 4],
      [4, 3, 3],
    ],
  },
  { registered: '2026-07-01T12:00:00Z', completed: [1, 2, 3, 4, 5, 6, 7, 8, 9], wellness: [[9, 4, 4]] },
  {
    registered: '2026-07-01T12:00:00Z',
    completed: [10, 2],
    wellness: [
      [1, 1, 5],
      [5, 5, 5],
      [9, 4, 3],
    ],
  },
  {
    registered: '2026-05-01T08:00:00Z',
    completed: [1, 2, 20],
    wellness: [
      [2, 5, 5],
      [3, 5, 4],
      [20, 5, 2],
    ],
  }, // day 28
  { registered: '2026-07-05T00:31:00Z', completed: [5], wellness: [] },
  { registered: '2026-04-01T08:00:00Z', completed: [1, 26, 27], wellness: [] }, // day 101, 73 days since day 27
  { registered: '2026-04-01T08:00:00Z', completed: [...Array(27).keys()].map((i) => i + 1), wellness: [] },
  // The member's own calendar. 00:30 UTC is 17:30 the day before in Los Angeles (still
  // day 1 for a member who registered there at 09:00 local) and 14:30 in Kiritimati (UTC+14).
  { registered: '2026-07-09T16:00:00Z', completed: [], wellness: [], timeZone: 'America/Los_Angeles' },
  { registered: '2026-07-09T06:00:00Z', completed: [1], wellness: [], timeZone: 'America/Los_Angeles' },
  { registered: '2026-07-08T10:30:00Z', completed: [1], wellness: [], timeZone: 'Pacific/Kiritimati' }, // Jul 9 local
  { registered: '2026-07-01T11:00:00Z', completed: [2, 3], wellness: [], timeZone: 'Pacific/Pago_Pago' },
];

describe('the program figures in SQL', () => {
  it('match programDayOf, missedInARow and isWellnessFalling for every seeded member', async () => {
    const ids: string[] = [];
    for (const c of CASES) {
      const { userId } = await createMember(t);
      ids.push(userId);
      await t.db
        .update(profiles)
        .set({ registrationDate: new Date(c.registered), timeZone: c.timeZone ?? null })
        .where(eq(profiles.userId, userId));
      for (const day of c.completed) await t.db.insert(workoutCompletions).values({ userId, dayNumber: day });
      for (const [day, feeling, energy] of c.wellness)
        await t.db
          .insert(wellnessTracking)
          .values({ userId, dayNumber: day, feelingRating: feeling, energyLevel: energy });
    }
    const summaries = await listProgramSummaries(t.deps, { userIds: ids });
    const result = (await t.db.execute(sql`
      select p.user_id as "userId", ${programDaySql(sql`m.round_started_at`, sql`p.time_zone`, NOW, sql`m.round_days`)} as day,
        ${missedInARowSql(sql`m.completed_mask`, sql`m.round_started_at`, sql`p.time_zone`, NOW)} as missed,
        ${missedAtLeastSql(sql`m.completed_mask`, sql`m.round_started_at`, sql`p.time_zone`, NOW, 2)} as "missedTwo",
        m.wellness_falling as falling
      from profiles p left join member_progress m on m.user_id = p.user_id
      where p.user_id in ${ids}`)) as unknown as {
      rows: { userId: string; day: number; missed: number; missedTwo: boolean; falling: boolean }[];
    };
    const fromSql = new Map(result.rows.map((r) => [r.userId, r]));
    const compared = ids.map((id) => {
      const s = summaries.get(id)!;
      const q = fromSql.get(id)!;
      return {
        js: [s.currentDay, s.missedInARow, s.wellnessFalling, s.missedInARow >= 2],
        sql: [q.day, Number(q.missed), q.falling, q.missedTwo],
      };
    });
    for (const { js, sql: inSql } of compared) expect(inSql).toEqual(js);
    // The cases cover what they claim to: both edges of the day, a long gap, falling and not.
    expect(compared.map((c) => c.js)).toEqual([
      [1, 0, false, false],
      [2, 1, false, false],
      [10, 5, true, true],
      [10, 0, false, false],
      [10, 7, true, true],
      // Past the round's 28 days, missed days go on counting in calendar days (decision 0026)
      [28, 50, true, true],
      [6, 0, false, false],
      [28, 73, false, true],
      [28, 73, false, true],
      [1, 0, false, false], // Los Angeles: still the day of registration (UTC would say day 2)
      [2, 0, false, false],
      [2, 0, false, false], // Kiritimati: registered on its Jul 9 (UTC would say day 3)
      [9, 5, false, true], // Pago Pago: Jul 9 there (UTC would say day 10)
    ]);
  });
});

describe('days missed in a row in SQL, over every bit of a 42-day round', () => {
  it('match core readRound for every last completed day and a day inside, at and past the end', async () => {
    const cases: { completed: number[]; dayNumber: number }[] = [];
    for (let last = 1; last <= MAX_PROGRAM_DAYS; last++)
      for (const dayNumber of [last, last + 1, last + 3, MAX_PROGRAM_DAYS + 1, 200]) {
        if (dayNumber < last) continue;
        cases.push({ completed: [last], dayNumber });
        cases.push({ completed: Array.from({ length: last }, (_, i) => i + 1), dayNumber });
      }
    const dayMs = 86_400_000;
    const values = cases.map(({ completed, dayNumber }) => {
      const mask = completed.reduce((bits, day) => bits | (1n << BigInt(day - 1)), 0n);
      const startedAt = new Date(NOW.getTime() - (dayNumber - 1) * dayMs);
      return sql`(${mask.toString()}::bigint, ${startedAt.toISOString()}::timestamptz)`;
    });
    const result = (await t.db.execute(sql`
      select ${missedInARowSql(sql`c.mask`, sql`c.started`, sql`null`, NOW)} as missed,
        ${missedAtLeastSql(sql`c.mask`, sql`c.started`, sql`null`, NOW, 2)} as "missedTwo"
      from (values ${sql.join(values, sql`, `)}) as c (mask, started)`)) as unknown as {
      rows: { missed: number; missedTwo: boolean }[];
    };
    const fromSql = result.rows.map((r) => [Number(r.missed), r.missedTwo]);
    const fromCore = cases.map(({ completed, dayNumber }) => {
      const { missedInARow } = readRound(completed, { length: MAX_PROGRAM_DAYS, dayNumber });
      return [missedInARow, missedInARow >= 2];
    });
    expect(fromSql).toEqual(fromCore);
  });
});
