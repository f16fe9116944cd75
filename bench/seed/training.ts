import { at, type SeedOptions, u } from './sql.ts';

// Rounds and the days completed in them, the results of some of those days and wellness on some,
// loaded with the tables' triggers off (see seed-million.ts): the program-wide counters and each
// member's copy of their current round are then set here, by the triggers' own definitions, in one
// pass each, instead of by tens of millions of per-row trigger calls.

/** Rounds after the first: a member who completed 21 days or more may start another (up to round 4). */
const LAST_ROUND = 4;

/**
 * Days a member means to complete in a round (the program funnel): a quarter never start, about
 * a fifth finish all 28; members who paid at some time train more.
 */
const target = (
  draw: string,
) => `(case when v < 0.22 then 0 when v < 0.42 then 1 + floor((v - 0.22) / 0.2 * 6)
    when v < 0.6 then 7 + floor((v - 0.42) / 0.18 * 7) when v < 0.72 then 14 + floor((v - 0.6) / 0.12 * 7)
    when v < 0.8 then 21 + floor((v - 0.72) / 0.08 * 7) else 28 end)::int from (select ${draw} as v) v`;

export function roundStatements({ now }: SeedOptions): string[] {
  const T = at(now);
  const engagement = (salt: number) =>
    `case when s.has_paid then sqrt(${u('m.i', salt)}) else ${u('m.i', salt)} end`;
  const next = (n: number) => `insert into bench_seed_rounds
       select m.i, m.user_id, ${n}, r.started_at + interval '1 day' * (28 + floor(${u('m.i', 50 + n)} * 40)),
         (select ${target(engagement(40 + n))})
       from bench_seed_rounds r join bench_seed_members m on m.i = r.i
       left join plan_ledger_states s on s.user_id = m.user_id
       where r.number = ${n - 1} and r.target >= 21 and ${u('m.i', 60 + n)} < 0.55
         and r.started_at + interval '1 day' * (28 + floor(${u('m.i', 50 + n)} * 40)) <= ${T}`;
  return [
    'drop table if exists bench_seed_rounds',
    `create unlogged table bench_seed_rounds as
       select m.i, m.user_id, 1 as number, m.reg_at as started_at, (select ${target(engagement(40))}) as target
       from bench_seed_members m left join plan_ledger_states s on s.user_id = m.user_id`,
    ...Array.from({ length: LAST_ROUND - 1 }, (_, k) => next(k + 2)),
    `insert into rounds (user_id, program_id, number, started_at, created_at, updated_at)
       select user_id, (select id from programs where slug = 'core28'), number, started_at, started_at, started_at
       from bench_seed_rounds order by i, number`,
  ];
}

export function dayStatements({ now }: SeedOptions): string[] {
  const T = at(now);
  const completedAt = `r.started_at + interval '1 day' * (d - 1) + interval '1 minute' * floor(${u('s.i * 256 + s.number * 42 + d', 44)} * 600)`;
  return [
    // A member completes their days mostly in order, skipping one now and then (the coach's
    // "missed 2 days in a row" has members to find).
    `insert into workout_completions (user_id, round_id, program_id, day_number, completed_at)
       select r.user_id, r.id, r.program_id, d, ${completedAt}
       from bench_seed_rounds s
       join rounds r on r.user_id = s.user_id and r.number = s.number
       cross join generate_series(1, least(s.target, floor(extract(epoch from ${T} - r.started_at) / 86400)::int + 1)) d
       where ${u('s.i * 256 + s.number * 42 + d', 45)} >= 0.1 and ${completedAt} <= ${T}`,
    // Results saved on about one completed day in ten.
    `insert into exercise_progress (user_id, round_id, day_number, name, total_time_seconds, repetitions_completed,
         created_at, updated_at)
       select user_id, round_id, day_number, 'Workout', 300 + floor(${u('id', 46)} * 1200)::int,
         20 + floor(${u('id', 47)} * 180)::int, completed_at, completed_at
       from workout_completions where ${u('id', 48)} < 0.1`,
    // Wellness on the first day of each week, by three members in five.
    `insert into wellness_tracking (user_id, round_id, program_id, day_number, feeling_rating, energy_level,
         created_at, updated_at)
       select user_id, round_id, program_id, day_number, 1 + floor(${u('id', 49)} * 5)::int,
         1 + floor(${u('id', 50)} * 5)::int, completed_at, completed_at
       from workout_completions where day_number in (1, 8, 15, 22) and ${u('id', 51)} < 0.6`,
  ];
}

/** The counters and copies the triggers keep, set once from the rows (migrations 0005, 0017, 0022, 0033). */
export function aggregateStatements({ now }: SeedOptions): string[] {
  return [
    `insert into program_day_stats (program_id, day_number, shard, completions)
       select program_id, day_number, 0, count(*)::int from workout_completions group by 1, 2`,
    `insert into wellness_week_stats (program_id, week, shard, entries, feeling_sum, energy_sum)
       select program_id, ((day_number - 1) / 7 + 1)::smallint, 0, count(*)::int, sum(feeling_rating)::bigint,
         sum(energy_level)::bigint
       from wellness_tracking group by 1, 2`,
    // Every profile's row: its current round (the highest number) and that round's days.
    `insert into member_progress (user_id, round_id, round_started_at, round_days, completed_days, completed_mask)
       select c.user_id, c.id, c.started_at, p.days, coalesce(w.n, 0), coalesce(w.mask, 0)
       from (select distinct on (user_id) * from rounds order by user_id, number desc) c
       join programs p on p.id = c.program_id
       left join (select round_id, count(*)::int as n, bit_or(1::bigint << (day_number - 1)) as mask
                  from workout_completions group by round_id) w on w.round_id = c.id`,
    // Last active: the migration's own backfill (sessions, completions, results, messages).
    `update member_progress m set last_active_at = a.at
       from (select user_id, max(at) as at from (
               select user_id, max(updated_at) as at from sessions group by user_id
               union all select user_id, max(completed_at) from workout_completions group by user_id
               union all select user_id, max(updated_at) from exercise_progress group by user_id
               union all select user_id, max(created_at) from discussion_messages group by user_id) a
             group by user_id) a
       where a.user_id = m.user_id`,
    // The last three wellness values by the trigger's own function.
    `update member_progress m set recent_feeling = r.feeling, recent_energy = r.energy
       from core28_recent_wellness(array(select distinct user_id from wellness_tracking)) r
       where r.user_id = m.user_id`,
    // The member list's keys and counters, as migration 0033 backfills them.
    'insert into member_list_keys select * from member_list_key_source where listed',
    `insert into member_list_counts (plan, burn, falling, time_zone, top_day_on, second_day_on, third_day_on, weeks_done, members)
       select plan, burn, falling, time_zone, top_day_on, second_day_on, third_day_on, weeks_done, count(*)
       from member_list_keys group by 1, 2, 3, 4, 5, 6, 7, 8`,
    `select core28_member_list_counts_fold((${at(now)} at time zone 'UTC')::date)`,
    // The coaches' loads, as the same migration backfills them.
    'insert into coach_load_keys select * from coach_load_key_source',
    `insert into coach_load_counts (coach_id, members, open_conversations)
       select coach_id, count(*) filter (where burn), sum(open_topics) from coach_load_keys group by 1`,
    // The migration counted the empty tables: these replace its zeros.
    'delete from dashboard_counts',
    `insert into dashboard_counts (name, n)
       select 'paid', count(*) from subscribers s
       where s.subscribed and not s.is_trial and s.subscription_tier in ('The Daily Core', '1-on-1 Burn')
       union all select 'open-conversations', count(*) from discussion_topics where not is_archived`,
    `update discussion_topics t set unread_by_coach = c.n
       from (select topic_id, count(*)::int as n from discussion_messages
             where not is_coach_reply and not read_by_coach group by 1) c
       where t.id = c.topic_id`,
    `insert into dashboard_counts (name, n)
       select 'unread-topics', count(*) from discussion_topics where unread_by_coach > 0 and not is_archived`,
  ];
}
