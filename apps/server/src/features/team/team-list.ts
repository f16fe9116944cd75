import { AVATAR_URL_TTL_SECONDS } from '@core28/core/profile';
import type { TeamMemberRow } from '@core28/core/team';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { freeSeatsOf, listCoachLoads } from './coaches.ts';

// The team page's list: each staff member with their roles, and for coaches their load and how
// quickly they answer.

type StaffRow = { user_id: string; email: string; name: string; roles: string[]; photo_key: string | null };
type ReplyRow = { coach_id: string; median_minutes: number | null };
type OverdueRow = { coach_id: string | null; overdue: number };

/**
 * Median first-reply time per coach over the last 30 days: a member's message that opens a run
 * (the topic's first message, or the first after a coach reply) to the next coach reply in that
 * topic, counted for the coach who wrote that reply. Messages still unanswered are not counted
 * (they show as overdue instead).
 */
const firstReplySql = sql`
  with ordered as (
    select m.topic_id, m.created_at, m.is_coach_reply,
      lag(m.is_coach_reply) over (partition by m.topic_id order by m.created_at, m.id) as after_coach
    from discussion_messages m
  ),
  asks as (
    select topic_id, created_at from ordered
    where not is_coach_reply and (after_coach is null or after_coach)
      and created_at > now() - interval '30 days'
  )
  select r.user_id as coach_id,
    percentile_cont(0.5) within group (order by extract(epoch from r.created_at - a.created_at) / 60)::float8 as median_minutes
  from asks a
  join lateral (
    select m.user_id, m.created_at from discussion_messages m
    where m.topic_id = a.topic_id and m.is_coach_reply and m.created_at > a.created_at
    order by m.created_at, m.id limit 1
  ) r on true
  group by r.user_id`;

/**
 * Open conversations waiting longer than the reply target, per coach, by the inbox's own measure
 * (`awaiting_since`, set by a member's message and cleared by a reply; its partial index keeps
 * this a range read); a member nobody coaches is counted under `null`.
 */
export async function countOverdueByCoach({
  db,
  now,
  config,
}: Pick<Deps, 'db' | 'now'> & { config: Pick<Deps['config'], 'coachReplyTargetHours'> }) {
  const before = new Date(now().getTime() - config.coachReplyTargetHours * 3_600_000).toISOString();
  const found = await rowsOf<OverdueRow>(
    db,
    sql`select ca.coach_id, count(*)::int as overdue
        from discussion_topics t left join coach_assignments ca on ca.user_id = t.user_id
        where t.awaiting_since is not null and not t.is_archived and t.awaiting_since <= ${before}::timestamptz
        group by ca.coach_id`,
  );
  return new Map(found.map((row) => [row.coach_id, row.overdue]));
}

const staffSql = sql`
  select u.id as user_id, u.email,
    coalesce(nullif(trim(cp.name), ''), nullif(trim(u.name), ''), u.email) as name,
    array(select r.role from user_roles r where r.user_id = u.id order by r.role) as roles,
    cp.photo_key
  from users u
  left join coach_profiles cp on cp.user_id = u.id
  where exists (select 1 from user_roles r where r.user_id = u.id)
  order by exists (select 1 from user_roles r where r.user_id = u.id and r.role = 'owner') desc, name`;

export async function listTeam(
  deps: Pick<Deps, 'db' | 'config' | 'storage' | 'now'>,
): Promise<TeamMemberRow[]> {
  const { db } = deps;
  const [staff, loads, replies, overdueOf] = await Promise.all([
    rowsOf<StaffRow>(db, staffSql),
    listCoachLoads(db),
    rowsOf<ReplyRow>(db, firstReplySql),
    countOverdueByCoach(deps),
  ]);
  const loadOf = new Map(loads.map((load) => [load.coach_id, load]));
  const medianOf = new Map(replies.map((row) => [row.coach_id, row.median_minutes]));
  return Promise.all(
    staff.map(async (row) => {
      const load = loadOf.get(row.user_id);
      const median = medianOf.get(row.user_id);
      return {
        userId: row.user_id,
        email: row.email,
        name: row.name,
        roles: row.roles,
        photoUrl: row.photo_key ? await deps.storage.signedUrl(row.photo_key, AVATAR_URL_TTL_SECONDS) : null,
        members: load ? load.members : null,
        seats: load ? load.seats : null,
        freeSeats: load ? freeSeatsOf(load) : null,
        openConversations: load?.open_conversations ?? 0,
        medianFirstReplyMinutes:
          median === undefined || median === null ? null : Math.round(median * 10) / 10,
        overdueConversations: overdueOf.get(row.user_id) ?? 0,
      };
    }),
  );
}
