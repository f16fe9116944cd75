import type { NewsItem, NewsKind, NewsPage } from '@core28/core/news';
import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { type DbOrTx, rawRows } from '../../platform/db/index.ts';
import { memberNews } from '../../platform/db/schema.ts';
import { publish } from '../../platform/realtime/channel.ts';
import { NEWS_LIVE } from './channel.ts';

// Coaching's reply statement publishes on this channel itself.
export { NEWS_LIVE, NEWS_PAYLOAD } from './channel.ts';

// "What is new": items are written by the feature where their event happens, in its transaction
// (addNews, or coaching's reply statement itself), and announced live to the member's sockets.

type Member = { userId: string };
export type NewNews = Member & {
  kind: NewsKind;
  title: string;
  body?: string;
  url: string;
  /** Once per key: a job run twice or a webhook delivered again adds nothing. */
  dedupeKey?: string;
};

/** Adds an item in `tx` and announces it when `tx` commits. Answers whether it was added. */
export async function addNews(tx: DbOrTx, item: NewNews & { at?: Date }) {
  const added = await tx
    .insert(memberNews)
    .values({
      userId: item.userId,
      kind: item.kind,
      title: item.title,
      body: item.body ?? '',
      url: item.url,
      dedupeKey: item.dedupeKey ?? null,
      ...(item.at && { createdAt: item.at }),
    })
    .onConflictDoNothing()
    .returning({ id: memberNews.id });
  if (added.length > 0) await publish(tx, NEWS_LIVE, item.userId, { userId: item.userId }, { type: 'news' });
  return added.length > 0;
}

const flat = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
};
/** A coach's reply as an item: its first words, and the conversation it opens. */
export const coachReplyNews = (message: string) => ({ title: 'Your coach replied', body: flat(message) });

export async function getNewsCounts(deps: Pick<Deps, 'db'>, { userId }: Member) {
  const [row] = await deps.db
    .select({
      unread: count(),
      coachUnread: sql<number>`count(*) filter (where ${memberNews.kind} = 'coach-reply')`.mapWith(Number),
    })
    .from(memberNews)
    .where(and(eq(memberNews.userId, userId), isNull(memberNews.readAt)));
  return { unread: row?.unread ?? 0, coachUnread: row?.coachUnread ?? 0 };
}

/** A page of the member's items, newest first, and the unread counts. */
export async function listNews(
  deps: Pick<Deps, 'db'>,
  { userId, before, limit }: Member & { before?: string; limit: number },
): Promise<NewsPage> {
  const cursor = before
    ? (
        await deps.db
          .select({ createdAt: memberNews.createdAt, id: memberNews.id })
          .from(memberNews)
          .where(and(eq(memberNews.userId, userId), eq(memberNews.id, before)))
      )[0]
    : undefined;
  const rows = await deps.db
    .select()
    .from(memberNews)
    .where(
      and(
        eq(memberNews.userId, userId),
        cursor &&
          or(
            lt(memberNews.createdAt, cursor.createdAt),
            and(eq(memberNews.createdAt, cursor.createdAt), lt(memberNews.id, cursor.id)),
          ),
      ),
    )
    .orderBy(desc(memberNews.createdAt), desc(memberNews.id))
    .limit(limit + 1);
  const items: NewsItem[] = rows.slice(0, limit).map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
    isRead: row.readAt !== null,
  }));
  const nextBefore = rows.length > limit ? (items.at(-1)?.id ?? null) : null;
  return { items, nextBefore, ...(await getNewsCounts(deps, { userId })) };
}

/**
 * Marks the member's items up to `upTo` (it and everything older) read; another member's id or
 * one already read changes nothing. Answers the counts after it.
 */
export async function markNewsRead(
  deps: Pick<Deps, 'db' | 'now'>,
  { userId, upTo }: Member & { upTo: string },
) {
  await deps.db.transaction(async (tx) => {
    const marked = await rawRows<{ id: string }>(
      tx,
      sql`
      update ${memberNews} n set read_at = ${deps.now().toISOString()}::timestamptz
      from ${memberNews} last
      where last.id = ${upTo} and last.user_id = ${userId}
        and n.user_id = ${userId} and n.read_at is null
        and (n.created_at, n.id) <= (last.created_at, last.id)
      returning n.id`,
    );
    // The member's other open apps update their counts too.
    if (marked.length > 0) await publish(tx, NEWS_LIVE, userId, { userId }, { type: 'news' });
  });
  return getNewsCounts(deps, { userId });
}

/** The conversation was read in coaching: its replies' items are read too. */
export async function markTopicNewsRead(tx: DbOrTx, { userId, topicId }: Member & { topicId: string }) {
  const marked = await tx
    .update(memberNews)
    .set({ readAt: sql`now()` })
    .where(and(eq(memberNews.userId, userId), eq(memberNews.topicId, topicId), isNull(memberNews.readAt)))
    .returning({ id: memberNews.id });
  if (marked.length > 0) await publish(tx, NEWS_LIVE, userId, { userId }, { type: 'news' });
}
