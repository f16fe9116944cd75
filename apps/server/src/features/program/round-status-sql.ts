import { BEHIND_AFTER_DAYS } from '@core28/core/rounds';
import { type SQL, sql } from 'drizzle-orm';
import { isNotAdminSql } from '../auth/service.ts';

/**
 * Each member round of a program with where it stands, as core readRound reads it (days counted in
 * the member's time zone): `status` running | behind | finished, or ended (left for another program
 * before its end); `day_number` (unclamped), `last_day` (highest completed), `length`.
 * `recentOnly`: only rounds started within the program's length (and two days' slack for time
 * zones), the only ones that can be running: one range of rounds_program_idx.
 */
export function roundStatusSql(programId: SQL, at: Date, { recentOnly = false } = {}) {
  const recent = recentOnly
    ? sql`and r.started_at > ${at.toISOString()}::timestamptz - make_interval(days => g.days + 2)`
    : sql``;
  return sql`select x.*,
      case
        when x.ended_at is not null then 'ended'
        when x.last_day >= x.length then 'finished'
        when greatest(x.day_number, 1) - 1 - coalesce((select max(w.day_number) from workout_completions w
               where w.round_id = x.id and w.day_number < greatest(x.day_number, 1)), 0) > ${BEHIND_AFTER_DAYS}
          then 'behind'
        when x.day_number > x.length then 'finished'
        else 'running'
      end as status
    from (
      select r.id, r.ended_at, g.days::int as length,
        ((${at.toISOString()}::timestamptz at time zone z.tz)::date - (r.started_at at time zone z.tz)::date + 1)::int
          as day_number,
        coalesce((select max(w.day_number) from workout_completions w
          where w.round_id = r.id and w.day_number <= g.days), 0)::int as last_day
      from rounds r
      join programs g on g.id = r.program_id
      cross join lateral (select coalesce((select p.time_zone from profiles p where p.user_id = r.user_id), 'UTC') as tz) z
      where r.program_id = ${programId} and ${isNotAdminSql(sql`r.user_id`)} ${recent}
    ) x`;
}
