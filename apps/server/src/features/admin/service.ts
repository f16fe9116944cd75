import { PROGRAM_DAYS } from '@core28/core/program';
import { CORE28_SLUG, roundDayNumber } from '@core28/core/rounds';
import type { Staff } from '@core28/core/staff';
import { sql } from 'drizzle-orm';
import { type Deps, reportReads } from '../../context.ts';
import { oneRow, rowsOf as rows } from '../../platform/db/index.ts';
import { adminDailyCounts } from '../../platform/db/schema.ts';
import { isNotAdminSql, memberNameSql, memberScopeSql } from '../auth/service.ts';
import type { ReplyTargetDeps } from '../coaching/service.ts';
import { listMembersNeedingAttention } from './member-detail.ts';
import { epochMs, listRecentActivity, listRecentMessages } from './recent.ts';

// spec §2/§9 Admin dashboard (its recent lists: recent.ts) and program analytics. Every figure is an SQL aggregate over
// indexed columns; staff (any user_roles row) are never counted as members.

/** Staff's own rows of a member-data table, to subtract from the trigger-kept aggregates. */
const adminJoin = (alias: string) =>
  sql.raw(`join (select distinct user_id from user_roles) r on r.user_id = ${alias}.user_id`);
const adminRows = adminJoin('w');
/** Program analytics are Core28's, the program every member starts with. */
const core28Id = sql`(select id from programs where slug = ${CORE28_SLUG})`;

/** Matches the partial index subscribers_paid_idx. */
const paidByFlags = sql`s.subscribed and not s.is_trial and s.subscription_tier in ('The Daily Core', '1-on-1 Burn')`;
const isPaid = (at: Date) =>
  sql`${paidByFlags} and (s.subscription_end is null or s.subscription_end > ${at})`;
/**
 * A count the triggers keep (dashboard_counts, migration 0033): counting 185,000 paid subscribers
 * and 120,000 open conversations per view took most of the dashboard's time at 1M members. Paid
 * is by the flags; those whose period ended by `at`, not yet marked so, are taken off above.
 */
const kept = (name: string) =>
  sql`(select coalesce(sum(c.n), 0)::int from dashboard_counts c where c.name = ${name})`;
const memberName = memberNameSql({ profile: 'p', user: 'u' });

const TOP_MEMBERS_LIMIT = 20;

/** Members (staff not), from the member list's counters (migration 0033), not a count of every profile. */
const LISTED_MEMBERS = sql`(select coalesce(sum(c.members), 0)::int from member_list_counts c)`;

type DashboardCounts = {
  members: number;
  paidSubscribers: number;
  openConversations: number;
  daysCompleted: number;
};
const COUNT_KEYS = ['members', 'paidSubscribers', 'openConversations', 'daysCompleted'] as const;

/** The four counts now, in one round trip. */
async function getCurrentCounts({ db, now }: Pick<Deps, 'db' | 'now'>): Promise<DashboardCounts> {
  const at = now();
  const found = await rows<DashboardCounts>(
    db,
    sql`select
      ${LISTED_MEMBERS} as "members",
      (${kept('paid')}
        - (select count(*)::int from subscribers s where ${paidByFlags} and s.subscription_end <= ${at})
        - (select count(*)::int from subscribers s ${adminJoin('s')} where ${isPaid(at)})) as "paidSubscribers",
      ${kept('open-conversations')} as "openConversations",
      ((select coalesce(sum(s.completions), 0)::int from program_day_stats s)
        - (select count(*)::int from workout_completions w ${adminRows})) as "daysCompleted"`,
  );
  return oneRow(found);
}

const utcDate = (at: Date) => at.toISOString().slice(0, 10);

/** Keeps today's row of closing figures current; tomorrow compares with it. */
export async function recordDailyCounts(
  deps: Pick<Deps, 'db' | 'now'>,
  { counts }: { counts?: DashboardCounts } = {},
) {
  const values = { ...(counts ?? (await getCurrentCounts(deps))), recordedAt: deps.now() };
  await deps.db
    .insert(adminDailyCounts)
    .values({ day: utcDate(deps.now()), ...values })
    .onConflictDoUpdate({ target: adminDailyCounts.day, set: values });
}

/**
 * spec §2 Admin dashboard: the four cards with their change since yesterday, the recent messages
 * and the recent activity.
 */
export async function getDashboard(
  deps: ReplyTargetDeps & Pick<Deps, 'reports'>,
  viewer: { staff: Staff | null; viewerId: string },
) {
  // Read where reports read (a replica while it keeps up); today's figures are written to the primary.
  const reads = reportReads(deps);
  const [cards, recentMessages, recentActivity, attention] = await Promise.all([
    getDashboardCards(reads, deps),
    listRecentMessages(reads),
    listRecentActivity(reads),
    listMembersNeedingAttention(reads, viewer),
  ]);
  return { ...cards, recentMessages, recentActivity, attention };
}

/** Now, and the change since the last figures recorded before today (yesterday, normally). */
async function getDashboardCards(deps: Pick<Deps, 'db' | 'now'>, primary: Pick<Deps, 'db' | 'now'>) {
  const counts = await getCurrentCounts(deps);
  await recordDailyCounts(primary, { counts });
  const [before] = await rows<DashboardCounts & { day: string }>(
    deps.db,
    sql`select day::text as day, members as "members", paid_subscribers as "paidSubscribers",
          open_conversations as "openConversations", days_completed as "daysCompleted"
        from admin_daily_counts where day < ${utcDate(deps.now())}::date order by day desc limit 1`,
  );
  return {
    comparedWith: before?.day ?? null,
    cards: COUNT_KEYS.map((key) => ({
      key,
      value: counts[key],
      change: before ? counts[key] - before[key] : null,
    })),
  };
}

/** spec §2 Program: analytics of member progress. */
/** The figures are everyone's; the member list holds only the members this staff session coaches. */
export async function getProgramAnalytics(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  { staff, viewerId }: { staff: Staff | null; viewerId: string },
) {
  const at = now();
  const inScope = memberScopeSql(staff, viewerId, sql`m.user_id`);
  const [top, perDay, weeks, wellness] = await Promise.all([
    // The members furthest into their current round by days completed (member_progress_completed_idx,
    // walked from its top), with the round's program and number (docs/decisions/0026). The oldest
    // sign-ups, as this list once was, say nothing of who trains.
    rows<{
      userId: string;
      userName: string;
      email: string;
      startedAt: number | null;
      timeZone: string | null;
      completed: number;
      days: number;
      roundNumber: number | null;
      slug: string | null;
      programName: string | null;
    }>(
      db,
      sql`select m.user_id as "userId", ${memberName} as "userName", u.email,
            ${epochMs(sql`m.round_started_at`)} as "startedAt", p.time_zone as "timeZone",
            m.completed_days as completed, m.round_days::int as days, r.number::int as "roundNumber",
            pr.slug, pr.name as "programName"
          from (select * from member_progress m where m.completed_days > 0 and ${isNotAdminSql(sql`m.user_id`)} and ${inScope}
                order by m.completed_days desc, m.user_id limit ${TOP_MEMBERS_LIMIT}) m
          join users u on u.id = m.user_id
          join profiles p on p.user_id = m.user_id
          left join rounds r on r.id = m.round_id
          left join programs pr on pr.id = r.program_id
          order by m.completed_days desc, m.user_id`,
    ),
    rows<{ day: number; completions: number }>(
      db,
      sql`select s.day_number::int as day, (s.completions - coalesce(a.n, 0))::int as completions
          from (select day_number, sum(completions) as completions from program_day_stats
                where program_id = ${core28Id} group by 1) s
          left join (select w.day_number, count(*) as n from workout_completions w ${adminRows}
                     and w.program_id = ${core28Id} group by 1) a
            on a.day_number = s.day_number
          order by s.day_number`,
    ),
    // "Past week n": at least 7·n days completed, from the member list's counters (migration 0033).
    rows<{ members: number; week1: number; week2: number; week3: number; week4: number }>(
      db,
      sql`select coalesce(sum(c.members), 0)::int as members,
            coalesce(sum(c.members) filter (where c.weeks_done >= 1), 0)::int as week1,
            coalesce(sum(c.members) filter (where c.weeks_done >= 2), 0)::int as week2,
            coalesce(sum(c.members) filter (where c.weeks_done >= 3), 0)::int as week3,
            coalesce(sum(c.members) filter (where c.weeks_done >= 4), 0)::int as week4
          from member_list_counts c`,
    ),
    rows<{ week: number; entries: number; feelingSum: number; energySum: number }>(
      db,
      sql`select s.week::int as week, (s.entries - coalesce(a.n, 0))::int as entries,
            (s.feeling_sum - coalesce(a.f, 0))::float8 as "feelingSum", (s.energy_sum - coalesce(a.e, 0))::float8 as "energySum"
          from (select week, sum(entries) as entries, sum(feeling_sum) as feeling_sum, sum(energy_sum) as energy_sum
                from wellness_week_stats where program_id = ${core28Id} group by 1) s
          left join (select ((w.day_number - 1) / 7 + 1) as week, count(*) as n, sum(w.feeling_rating) as f,
                       sum(w.energy_level) as e
                     from wellness_tracking w ${adminRows} and w.program_id = ${core28Id} group by 1) a on a.week = s.week
          order by s.week`,
    ),
  ]);
  const counts = new Map(perDay.map((row) => [row.day, row.completions]));
  const share = oneRow(weeks);
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    topMembers: top.map((m) => ({
      userId: m.userId,
      name: m.userName,
      email: m.email,
      program: { slug: m.slug ?? CORE28_SLUG, name: m.programName ?? 'Core28', days: m.days },
      roundNumber: m.roundNumber ?? 1,
      /** The round's day (1..its length), from its start in the member's zone. */
      currentDay:
        m.startedAt === null
          ? 1
          : Math.min(m.days, Math.max(1, roundDayNumber(new Date(m.startedAt), at, m.timeZone))),
      completedDays: m.completed,
    })),
    completionsPerDay: Array.from({ length: PROGRAM_DAYS }, (_, i) => ({
      day: i + 1,
      completions: counts.get(i + 1) ?? 0,
    })),
    members: share.members,
    pastWeek: ([1, 2, 3, 4] as const).map((week) => ({
      week,
      members: share[`week${week}`],
      share: share.members ? round(share[`week${week}`] / share.members) : 0,
    })),
    wellnessPerWeek: ([1, 2, 3, 4] as const).map((week) => {
      const row = wellness.find((w) => w.week === week && w.entries > 0);
      return {
        week,
        feeling: row ? round(row.feelingSum / row.entries) : null,
        energy: row ? round(row.energySum / row.entries) : null,
        entries: row?.entries ?? 0,
      };
    }),
  };
}
