import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type MigrationClient,
  migrations,
  migrationWith,
  openMigrationClient,
  runMigration,
} from '../../testing/migration-db.ts';

// The migration to programs and rounds, run on a database made by the release before it, with two
// members who trained, logged results and wellness, one with a coach's own day, and a program day a
// coach edited: everything they had is in their round 1 of Core28, and every count holds.

let client: MigrationClient;
beforeAll(async () => {
  client = await openMigrationClient();
});
afterAll(() => client.close());

const THIS_ONE = migrationWith('CREATE TABLE "rounds"');
const run = (m: (typeof migrations)[number]) => runMigration(client, m);
const rows = (sql: string) => client.rows(sql);

it("puts every member's days, results, wellness and own days in their round 1 of Core28", async () => {
  expect(THIS_ONE).toBeGreaterThan(0);
  for (const m of migrations.slice(0, THIS_ONE)) await run(m);
  await client.exec(`
    insert into users (id, email, email_verified) values ('a', 'a@example.com', true), ('b', 'b@example.com', true);
    insert into profiles (user_id, registration_date, time_zone)
      values ('a', '2026-11-01T08:00:00Z', 'Europe/Berlin'), ('b', '2026-11-20T20:00:00Z', null);
    insert into exercises (name, category) select 'Exercise ' || n, case when n % 2 = 0 then 'time' else 'reps' end
      from generate_series(1, 28) n;
    insert into program_days (day, exercise_id, sets, work_seconds, target_reps, rest_seconds)
      select n, n, 6, case when n % 2 = 0 then 60 end, case when n % 2 = 1 then 20 end, 75 from generate_series(1, 28) n;
    update program_days set sets = 4 where day = 3;
    insert into workout_completions (user_id, day_number, completed_at)
      select 'a', n, '2026-11-01T09:00:00Z'::timestamptz + (n - 1) * interval '1 day' from generate_series(1, 28) n;
    insert into workout_completions (user_id, day_number) values ('b', 1), ('b', 3);
    insert into exercise_progress (user_id, day_number, total_time_seconds, repetitions_completed)
      values ('a', 1, 600, 40), ('a', 28, 700, 50), ('b', 3, 300, 10);
    insert into wellness_tracking (user_id, day_number, feeling_rating, energy_level)
      values ('a', 1, 3, 3), ('a', 27, 4, 5), ('a', 28, 5, 4), ('b', 3, 2, 2);
    insert into member_program_days (user_id, day, exercise_id, sets, target_reps, rest_seconds, note)
      values ('b', 5, 1, 3, 10, 30, 'Go easy');
  `);
  const before = {
    completions: await rows(
      'select id, user_id, day_number, completed_at from workout_completions order by id',
    ),
    results: await rows(
      'select id, user_id, day_number, total_time_seconds, repetitions_completed from exercise_progress order by id',
    ),
    wellness: await rows(
      'select id, user_id, day_number, feeling_rating, energy_level from wellness_tracking order by id',
    ),
    days: await rows(
      'select day, exercise_id, sets, work_seconds, target_reps, rest_seconds from program_days order by day',
    ),
    progress: await rows(
      'select user_id, completed_days, completed_mask::int as mask, last_active_at from member_progress order by user_id',
    ),
    dayStats: await rows(
      'select day_number, sum(completions)::int as n from program_day_stats group by 1 order by 1',
    ),
    weekStats: await rows(
      'select week, sum(entries)::int as n, sum(feeling_sum)::int as f from wellness_week_stats group by 1 order by 1',
    ),
  };

  await run(migrations[THIS_ONE]!);

  const [core28] = await rows(`select id, slug, days, status from programs`);
  expect(core28).toMatchObject({ slug: 'core28', days: 28, status: 'published' });
  expect(
    await rows(`select day, exercise_id, sets, work_seconds, target_reps, rest_seconds from program_exercises
                where program_id = ${core28!.id} and position = 1 order by day`),
  ).toEqual(before.days);
  const round1 = await rows(`select user_id, number, program_id, started_at from rounds order by user_id`);
  expect(round1).toEqual([
    { user_id: 'a', number: 1, program_id: core28!.id, started_at: new Date('2026-11-01T08:00:00Z') },
    { user_id: 'b', number: 1, program_id: core28!.id, started_at: new Date('2026-11-20T20:00:00Z') },
  ]);
  const inRound1 = (table: string) =>
    rows(`select count(*)::int as n from ${table} t join rounds r on r.id = t.round_id
          where r.user_id = t.user_id and r.number = 1`);
  for (const table of [
    'workout_completions',
    'exercise_progress',
    'wellness_tracking',
    'member_program_days',
  ])
    expect((await inRound1(table))[0]?.n, table).toBe(
      (await rows(`select count(*)::int as n from ${table}`))[0]?.n,
    );
  expect(
    await rows('select id, user_id, day_number, completed_at from workout_completions order by id'),
  ).toEqual(before.completions);
  expect(
    await rows(
      'select id, user_id, day_number, total_time_seconds, repetitions_completed from exercise_progress order by id',
    ),
  ).toEqual(before.results);
  expect(
    await rows(
      'select id, user_id, day_number, feeling_rating, energy_level from wellness_tracking order by id',
    ),
  ).toEqual(before.wellness);
  expect(await rows(`select user_id, day, position, note from member_program_days`)).toEqual([
    { user_id: 'b', day: 5, position: 1, note: 'Go easy' },
  ]);
  // The counts the coach's lists and the admin pages read are what they were, now for round 1.
  expect(
    await rows(
      'select user_id, completed_days, completed_mask::int as mask, last_active_at from member_progress order by user_id',
    ),
  ).toEqual(before.progress);
  expect(
    await rows(`select user_id, round_days, round_started_at = (select started_at from rounds r where r.user_id = m.user_id) as same
                from member_progress m order by user_id`),
  ).toEqual([
    { user_id: 'a', round_days: 28, same: true },
    { user_id: 'b', round_days: 28, same: true },
  ]);
  expect(
    await rows('select day_number, sum(completions)::int as n from program_day_stats group by 1 order by 1'),
  ).toEqual(before.dayStats);
  expect(
    await rows(
      'select week, sum(entries)::int as n, sum(feeling_sum)::int as f from wellness_week_stats group by 1 order by 1',
    ),
  ).toEqual(before.weekStats);

  // What the app writes next lands in round 1 by itself, and a new profile gets its round 1.
  await client.exec(`insert into workout_completions (user_id, day_number) values ('b', 4)`);
  expect(
    await rows(`select completed_days, completed_mask::int as mask from member_progress where user_id = 'b'`),
  ).toEqual([{ completed_days: 3, mask: 13 }]);
  await client.exec(`
    insert into users (id, email, email_verified) values ('c', 'c@example.com', true);
    insert into profiles (user_id, registration_date) values ('c', '2026-12-01T10:00:00Z');`);
  expect(await rows(`select number, started_at from rounds where user_id = 'c'`)).toEqual([
    { number: 1, started_at: new Date('2026-12-01T10:00:00Z') },
  ]);
  // A registration date set again moves round 1's start with it.
  await client.exec(`update profiles set registration_date = '2026-11-25T10:00:00Z' where user_id = 'c'`);
  expect(await rows(`select round_started_at from member_progress where user_id = 'c'`)).toEqual([
    { round_started_at: new Date('2026-11-25T10:00:00Z') },
  ]);
});
