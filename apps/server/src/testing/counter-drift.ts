import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../platform/db/index.ts';

/** Rows, keys or groups on which `a` and `b` (two selects of the same columns) differ. */
const differences = (a: string, b: string) =>
  `select count(*)::int from (((${a}) except all (${b})) union all ((${b}) except all (${a}))) d`;

// What the hourly fold leaves of a member's key (it merges entries older than 30 days into one
// day and time zone), so the comparison holds folded or not.
const FOLDED_KEY = 'plan, burn, falling, weeks_done';

/**
 * Each counter the database keeps for the admin and coach pages (migration 0033) against a count of
 * the rows it stands for: how many keys or groups differ, per counter. Every figure is 0 when the
 * triggers and the folds kept up. The counters' own tests and the million-member seeder's test
 * both check it.
 */
const DRIFT: Record<string, string> = {
  // Each listed member's key as its sources say now, and the counters their sum per key.
  memberListKeys: differences(
    'select * from member_list_key_source where listed',
    'select * from member_list_keys',
  ),
  memberListCounts: differences(
    `select ${FOLDED_KEY}, sum(members)::int from member_list_counts group by ${FOLDED_KEY} having sum(members) <> 0`,
    `select ${FOLDED_KEY}, count(*)::int from member_list_keys group by ${FOLDED_KEY}`,
  ),
  // Each coach's part of each member, and per coach their members and open conversations.
  coachLoadKeys: differences('select * from coach_load_key_source', 'select * from coach_load_keys'),
  coachLoadCounts: differences(
    `select coach_id, sum(members)::int, sum(open_conversations)::int from coach_load_counts
       group by coach_id having sum(members) <> 0 or sum(open_conversations) <> 0`,
    `select coach_id, (count(*) filter (where burn))::int, sum(open_topics)::int from coach_load_keys
       group by coach_id having count(*) filter (where burn) <> 0 or sum(open_topics) <> 0`,
  ),
  // Each topic's messages the coaches have not read.
  topicUnread: `select count(*)::int from discussion_topics t
      where t.unread_by_coach <> (select count(*) from discussion_messages m
        where m.topic_id = t.id and not m.is_coach_reply and not m.read_by_coach)`,
  // The dashboard's paid subscribers (by their flags), open conversations and unread topics.
  dashboardCounts: differences(
    'select name, sum(n)::int from dashboard_counts group by name having sum(n) <> 0',
    `select * from (
       select 'paid', count(*)::int from subscribers s
         where s.subscribed and not s.is_trial and s.subscription_tier in ('The Daily Core', '1-on-1 Burn')
       union all select 'open-conversations', count(*)::int from discussion_topics where not is_archived
       union all select 'unread-topics', count(distinct m.topic_id)::int from discussion_messages m
         join discussion_topics t on t.id = m.topic_id
         where not m.is_coach_reply and not m.read_by_coach and not t.is_archived) r(name, n) where n <> 0`,
  ),
};

export async function counterDrift(db: Pick<DbOrTx, 'execute'>): Promise<Record<string, number>> {
  const query: SQL = sql.raw(
    `select ${Object.entries(DRIFT)
      .map(([name, count]) => `(${count}) as "${name}"`)
      .join(', ')}`,
  );
  const [row] = await rowsOf<Record<string, number>>(db, query);
  return row!;
}

/** What `counterDrift` answers when every counter agrees with its rows. */
export const NO_DRIFT = Object.fromEntries(Object.keys(DRIFT).map((name) => [name, 0]));
