import { DAYS_PER_WEEK } from '@core28/core/program';
import { weeksOf } from '@core28/core/rounds';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { getAdminProgram } from './admin-programs.ts';
import { roundStatusSql } from './round-status-sql.ts';

// One program's analytics for its coaches (GET /api/admin/programs/:id/analytics). Completions per
// day and wellness per week come from the trigger-kept counters (program_day_stats,
// wellness_week_stats), less the admins' own rows, as the 28-day page's do.
//
// The rounds' figures (started, running, completion rate, where members stop) read each round of
// the program once, through rounds_program_idx, with two probes of workout_completions' unique
// (round_id, day_number) index per round for its last day: no member table is scanned. That is
// linear in the program's rounds, and fine for a page a coach opens now and then: for a new
// program it is its few thousand rounds; for Core28 at a million members it is a million index
// probes (seconds). If that page becomes one coaches watch, a counter of rounds by status
// (kept by the completion trigger and a nightly job for the time-driven ones) would replace it.

const adminRows = (alias: string) =>
  sql.raw(`join (select distinct user_id from user_roles) ur on ur.user_id = ${alias}.user_id`);

type RoundGroup = { status: string; lastDay: number; lengthPassed: boolean; rounds: number };

export async function getProgramRoundAnalytics(deps: Pick<Deps, 'db' | 'now'>, { id }: { id: number }) {
  const { program } = await getAdminProgram(deps, { id });
  const at = deps.now();
  const [groups, perDay, wellness] = await Promise.all([
    rowsOf<RoundGroup>(
      deps.db,
      sql`select s.status, s.last_day as "lastDay", (s.day_number > s.length or s.last_day >= s.length) as "lengthPassed",
            count(*)::int as rounds
          from (${roundStatusSql(sql`${id}`, at)}) s group by 1, 2, 3`,
    ),
    rowsOf<{ day: number; completions: number }>(
      deps.db,
      sql`select s.day_number::int as day, (s.completions - coalesce(a.n, 0))::int as completions
          from (select day_number, sum(completions) as completions from program_day_stats
                where program_id = ${id} group by 1) s
          left join (select w.day_number, count(*) as n from workout_completions w ${adminRows('w')}
                     where w.program_id = ${id} group by 1) a on a.day_number = s.day_number`,
    ),
    rowsOf<{ week: number; entries: number; feelingSum: number; energySum: number }>(
      deps.db,
      sql`select s.week::int as week, (s.entries - coalesce(a.n, 0))::int as entries,
            (s.feeling_sum - coalesce(a.f, 0))::float8 as "feelingSum", (s.energy_sum - coalesce(a.e, 0))::float8 as "energySum"
          from (select week, sum(entries) as entries, sum(feeling_sum) as feeling_sum, sum(energy_sum) as energy_sum
                from wellness_week_stats where program_id = ${id} group by 1) s
          left join (select ((w.day_number - 1) / ${DAYS_PER_WEEK} + 1) as week, count(*) as n,
                       sum(w.feeling_rating) as f, sum(w.energy_level) as e
                     from wellness_tracking w ${adminRows('w')} where w.program_id = ${id} group by 1) a
            on a.week = s.week`,
    ),
  ]);
  const sum = (rows: RoundGroup[]) => rows.reduce((n, g) => n + g.rounds, 0);
  const completions = new Map(perDay.map((row) => [row.day, row.completions]));
  const passed = groups.filter((g) => g.lengthPassed);
  const finishedOfPassed = sum(passed.filter((g) => g.lastDay >= program.days));
  const stopped = groups.filter((g) => g.status === 'ended' || g.status === 'behind');
  const round2 = (x: number) => Math.round(x * 100) / 100;
  return {
    program: { id: program.id, name: program.name, days: program.days, status: program.status },
    roundsStarted: sum(groups),
    roundsRunning: sum(groups.filter((g) => g.status === 'running')),
    // The last day's completions are the rounds that finished it (one completion per round and day).
    roundsFinished: completions.get(program.days) ?? 0,
    completionRate: {
      rounds: sum(passed),
      finished: finishedOfPassed,
      rate: sum(passed) ? round2(finishedOfPassed / sum(passed)) : null,
    },
    completionsPerDay: Array.from({ length: program.days }, (_, i) => ({
      day: i + 1,
      completions: completions.get(i + 1) ?? 0,
    })),
    /** Rounds left early or behind, by the last day they completed (0: none). */
    stops: Array.from({ length: program.days + 1 }, (_, lastDay) => ({
      lastDay,
      rounds: sum(stopped.filter((g) => g.lastDay === lastDay)),
    })),
    wellnessPerWeek: Array.from({ length: weeksOf(program.days) }, (_, i) => {
      const row = wellness.find((w) => w.week === i + 1 && w.entries > 0);
      return {
        week: i + 1,
        feeling: row ? round2(row.feelingSum / row.entries) : null,
        energy: row ? round2(row.energySum / row.entries) : null,
        entries: row?.entries ?? 0,
      };
    }),
  };
}
