import { INBOX_PAGE_SIZE, type InboxView } from '@core28/core/coaching';
import { memberScopeOf, type Staff } from '@core28/core/staff';
import { type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { rawRows as rows } from '../../platform/db/index.ts';
import { memberScopeSql, membersMatchingSql } from '../auth/service.ts';
import { memberName, unreadFor } from './rows.ts';

// The coach's inbox: its three views, searched and paged, the unread count of the admin
// navigation, and the conversations waiting past the reply target. Every read is limited to the
// members this staff session coaches (auth's `memberScopeSql`). `awaiting_since` (the schema) and
// its partial index make "Awaiting reply" and the overdue counts an index range, not a read of
// every topic's messages.

type Viewer = { staff: Staff | null; viewerId: string };
/** What the overdue reads need: the reply target of the configuration. */
export type ReplyTargetDeps = Pick<Deps, 'db' | 'now'> & {
  config: Pick<Deps['config'], 'coachReplyTargetHours'>;
};

const VIEWS: Record<InboxView, { where: SQL; order: SQL }> = {
  awaiting: {
    where: sql`discussion_topics.awaiting_since is not null and not discussion_topics.is_archived`,
    order: sql`discussion_topics.awaiting_since asc, discussion_topics.id asc`,
  },
  all: {
    where: sql`not discussion_topics.is_archived`,
    order: sql`discussion_topics.updated_at desc, discussion_topics.id desc`,
  },
  archived: {
    where: sql`discussion_topics.is_archived`,
    order: sql`discussion_topics.updated_at desc, discussion_topics.id desc`,
  },
};

/** `%words%` for ILIKE, the pattern's own characters escaped. */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Conversations whose member (e-mail, display or full name), title or any message contains the
 * words: each part read from its own trigram index and the topics' ids united, not an OR evaluated
 * on every topic with a scan of its messages (2.4 s for the owner at a million members).
 */
function searchSql(q: string | undefined): SQL {
  if (!q) return sql`true`;
  const pattern = containing(q);
  return sql`discussion_topics.id in (
    select t.id from discussion_topics t where t.user_id in (${membersMatchingSql(pattern)})
    union select t.id from discussion_topics t where t.title ilike ${pattern}
    union select m.topic_id from discussion_messages m where m.message ilike ${pattern})`;
}

type InboxRow = {
  id: string;
  userId: string;
  title: string;
  description: string | null;
  isArchived: boolean;
  createdAt: Date | string;
  updatedAt: Date | string;
  lastMessageAt: Date | string | null;
  awaitingSince: Date | string | null;
  unreadCount: number;
  userName: string;
  email: string;
  coachId: string | null;
  coachName: string | null;
};

const iso = (at: Date | string) => new Date(at).toISOString();

/** One page of a view, with how many conversations it holds in all. */
export async function listCoachTopics(
  { db, now, config }: ReplyTargetDeps,
  { view, q, page, staff, viewerId }: Viewer & { view: InboxView; q?: string | undefined; page: number },
) {
  const { where, order } = VIEWS[view];
  const filter = sql`${where} and ${memberScopeSql(staff, viewerId, sql`discussion_topics.user_id`)} and ${searchSql(q)}`;
  const [found, [counted]] = await Promise.all([
    // The page's topics first, from the topics alone; their members and coaches are read for those
    // fifty only (a common word matches a sixth of the conversations at a million members).
    rows<InboxRow>(
      db,
      sql`with page as materialized (
            select discussion_topics.id from discussion_topics where ${filter}
            order by ${order} limit ${INBOX_PAGE_SIZE} offset ${(page - 1) * INBOX_PAGE_SIZE}
          )
          select discussion_topics.id, discussion_topics.user_id as "userId", discussion_topics.title, discussion_topics.description, discussion_topics.is_archived as "isArchived",
            discussion_topics.created_at as "createdAt", discussion_topics.updated_at as "updatedAt", discussion_topics.awaiting_since as "awaitingSince",
            (select max(m.created_at) from discussion_messages m where m.topic_id = discussion_topics.id) as "lastMessageAt",
            ${unreadFor('coach')}::int as "unreadCount", ${memberName} as "userName", users.email,
            ca.coach_id as "coachId",
            coalesce(cp.name, nullif(trim(cu.name), ''), cu.email) as "coachName"
          from page
          join discussion_topics on discussion_topics.id = page.id
          join users on users.id = discussion_topics.user_id
          left join profiles on profiles.user_id = discussion_topics.user_id
          left join coach_assignments ca on ca.user_id = discussion_topics.user_id
          left join coach_profiles cp on cp.user_id = ca.coach_id
          left join users cu on cu.id = ca.coach_id
          order by ${order}`,
    ),
    // Nothing of users or profiles is read: every topic has its member (a foreign key) and the
    // search names topics by id, so the count is the topics' own, not a join per topic (150,000 at
    // 1M members; a common word matches a sixth of them).
    rows<{ total: number }>(db, sql`select count(*)::int as total from discussion_topics where ${filter}`),
  ]);
  const at = now().getTime();
  const target = config.coachReplyTargetHours * 3_600_000;
  const total = counted?.total ?? 0;
  return {
    view,
    page,
    pageSize: INBOX_PAGE_SIZE,
    total,
    pageCount: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
    topics: found.map((row) => ({
      id: row.id,
      userId: row.userId,
      title: row.title,
      description: row.description ?? '',
      isArchived: row.isArchived,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      lastMessageAt: row.lastMessageAt === null ? null : iso(row.lastMessageAt),
      unreadCount: row.unreadCount,
      hasNewMessages: row.unreadCount > 0,
      userName: row.userName,
      email: row.email,
      coachId: row.coachId,
      coachName: row.coachName,
      /** Since when the member has waited for a reply (null: the coach spoke last). */
      awaitingSince: row.awaitingSince === null ? null : iso(row.awaitingSince),
      waitingMs: row.awaitingSince === null ? null : Math.max(0, at - new Date(row.awaitingSince).getTime()),
      /** Waiting longer than the reply target (COACH_REPLY_TARGET_HOURS). */
      isOverdue: row.awaitingSince !== null && at - new Date(row.awaitingSince).getTime() > target,
    })),
    replyTargetHours: config.coachReplyTargetHours,
  };
}

/** Conversations whose member's message no coach has opened yet: the admin navigation's count. */
export async function countUnreadTopics({ db }: Pick<Deps, 'db'>, { staff, viewerId }: Viewer) {
  // Every member's: the count the triggers keep (migration 0033); a coach's: their members' topics
  // with an unread message, by the topics' own count (never every unread message).
  const [row] = await rows<{ unread: number }>(
    db,
    memberScopeOf(staff) === 'all'
      ? sql`select coalesce(sum(c.n), 0)::int as unread from dashboard_counts c where c.name = 'unread-topics'`
      : sql`select count(*)::int as unread from discussion_topics
            where discussion_topics.unread_by_coach > 0 and not discussion_topics.is_archived
              and ${memberScopeSql(staff, viewerId, sql`discussion_topics.user_id`)}`,
  );
  return { unread: row?.unread ?? 0 };
}

/** When a wait passes the reply target (config.coachReplyTargetHours): before this, it is overdue. */
const overdueBefore = ({ now, config }: ReplyTargetDeps) =>
  new Date(now().getTime() - config.coachReplyTargetHours * 3_600_000).toISOString();

/** The members whose conversation waits past the reply target, the longest wait first (needs attention). */
export async function listOverdueConversations(
  deps: ReplyTargetDeps,
  { staff, viewerId, limit }: Viewer & { limit: number },
) {
  const found = await rows<{ userId: string; name: string; topicId: string; awaitingSince: Date | string }>(
    deps.db,
    sql`select distinct on (discussion_topics.awaiting_since, discussion_topics.id)
          discussion_topics.user_id as "userId", ${memberName} as name, discussion_topics.id as "topicId",
          discussion_topics.awaiting_since as "awaitingSince"
        from discussion_topics
        join users on users.id = discussion_topics.user_id
        left join profiles on profiles.user_id = discussion_topics.user_id
        where discussion_topics.awaiting_since is not null and not discussion_topics.is_archived
          and discussion_topics.awaiting_since <= ${overdueBefore(deps)}::timestamptz
          and ${memberScopeSql(staff, viewerId, sql`discussion_topics.user_id`)}
        order by discussion_topics.awaiting_since, discussion_topics.id
        limit ${limit}`,
  );
  return found.map((row) => ({ ...row, awaitingSince: iso(row.awaitingSince) }));
}
