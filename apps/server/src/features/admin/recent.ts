import { type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { rowsOf as rows } from '../../platform/db/index.ts';
import { isNotAdminSql, memberNameSql } from '../auth/service.ts';

// spec §2 Admin dashboard: the recent coaching messages and member activity, each list one
// statement that takes the newest few from each index before joining the names.

/** An instant as epoch milliseconds, read back with `new Date(ms)`. */
export const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;
const memberName = memberNameSql({ profile: 'p', user: 'u' });

const RECENT_LIMIT = 10;

/** The 10 newest coaching messages, each with where the coach answers it. */
export async function listRecentMessages({ db }: Pick<Deps, 'db'>) {
  const found = await rows<{
    id: string;
    topicId: string;
    userId: string;
    title: string;
    message: string;
    isCoachReply: boolean;
    at: number;
    userName: string;
  }>(
    db,
    sql`select m.id, m.topic_id as "topicId", t.user_id as "userId", t.title, left(m.message, 160) as message,
          m.is_coach_reply as "isCoachReply", ${epochMs(sql`m.created_at`)} as at, ${memberName} as "userName"
        from (select * from discussion_messages order by created_at desc limit ${RECENT_LIMIT}) m
        join discussion_topics t on t.id = m.topic_id
        join users u on u.id = t.user_id
        left join profiles p on p.user_id = t.user_id
        order by m.created_at desc`,
  );
  return found.map(({ at, ...m }) => ({ ...m, createdAt: new Date(at).toISOString() }));
}

export type ActivityKind = 'signup' | 'day_completed' | 'subscription';

/** The 10 newest member activities: sign-ups, completed days, subscriptions and trials. */
export async function listRecentActivity({ db }: Pick<Deps, 'db'>) {
  const found = await rows<{
    kind: ActivityKind;
    userId: string;
    at: number;
    day: number | null;
    tier: string | null;
    isTrial: boolean | null;
    userName: string;
  }>(
    db,
    sql`with recent as (
          (select 'signup' as kind, p.user_id, p.registration_date as at, null::int as day, null::text as tier, null::boolean as is_trial
            from profiles p where ${isNotAdminSql(sql`p.user_id`)} order by p.registration_date desc limit ${RECENT_LIMIT})
          union all
          (select 'day_completed', w.user_id, w.completed_at, w.day_number, null, null
            from workout_completions w where ${isNotAdminSql(sql`w.user_id`)} order by w.completed_at desc limit ${RECENT_LIMIT})
          union all
          (select 'subscription', s.user_id, s.updated_at, null, s.subscription_tier, s.is_trial
            from subscribers s where (s.subscribed or s.is_trial) and ${isNotAdminSql(sql`s.user_id`)}
            order by s.updated_at desc limit ${RECENT_LIMIT})
        )
        select r.kind, r.user_id as "userId", ${epochMs(sql`r.at`)} as at, r.day, r.tier, r.is_trial as "isTrial",
          ${memberName} as "userName"
        from (select * from recent order by at desc limit ${RECENT_LIMIT}) r
        join users u on u.id = r.user_id
        left join profiles p on p.user_id = r.user_id
        order by r.at desc`,
  );
  return found.map(({ at, ...a }) => ({ ...a, at: new Date(at).toISOString() }));
}
