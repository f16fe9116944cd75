import type { SavedReplyInput } from '@core28/core/coaching';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { oneRow } from '../../platform/db/index.ts';
import { savedReplies } from '../../platform/db/schema.ts';

// Each coach's saved replies (title + text), and the ones the team's coaches shared; the reply
// box fills in {firstName} and {day} (core fillSavedReply) from the chat's side panel before the
// coach sends it. Only its author edits or deletes a reply: to another coach it is not found.

type Coach = { coachId: string };
const SAVED_REPLY_LIMIT = 200;
const NOT_FOUND = 'Saved reply not found';

const columns = {
  id: savedReplies.id,
  title: savedReplies.title,
  body: savedReplies.body,
  shared: savedReplies.shared,
  coachId: savedReplies.coachId,
  updatedAt: savedReplies.updatedAt,
};
type Row = { id: string; title: string; body: string; shared: boolean; coachId: string; updatedAt: Date };
const toReply = ({ coachId: authorId, ...row }: Row, viewerId: string) => ({
  ...row,
  /** The viewer wrote it, and so may change it. */
  isOwn: authorId === viewerId,
  updatedAt: row.updatedAt.toISOString(),
});

/** The coach's own replies, and the team's shared ones; a coach's own first among equal titles. */
export async function listSavedReplies({ db }: Pick<Deps, 'db'>, { coachId }: Coach) {
  const rows = await db
    .select(columns)
    .from(savedReplies)
    .where(or(eq(savedReplies.coachId, coachId), eq(savedReplies.shared, true)))
    .orderBy(asc(savedReplies.title), sql`${savedReplies.coachId} <> ${coachId}`, asc(savedReplies.id))
    .limit(SAVED_REPLY_LIMIT * 5);
  return { replies: rows.map((row) => toReply(row, coachId)) };
}

const countOwn = async (db: Deps['db'], coachId: string) =>
  (await db.$count(savedReplies, eq(savedReplies.coachId, coachId))) as number;

export async function createSavedReply(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  { coachId, input }: Coach & { input: SavedReplyInput },
) {
  if ((await countOwn(db, coachId)) >= SAVED_REPLY_LIMIT)
    throw new AppError(
      'CONFLICT',
      `You can keep at most ${SAVED_REPLY_LIMIT} saved replies. Delete one first.`,
    );
  const at = now();
  const row = oneRow(
    await db
      .insert(savedReplies)
      .values({
        coachId,
        title: input.title,
        body: input.body,
        shared: input.shared ?? false,
        createdAt: at,
        updatedAt: at,
      })
      .returning(columns),
  );
  return toReply(row, coachId);
}

export async function updateSavedReply(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  { coachId, replyId, input }: Coach & { replyId: string; input: SavedReplyInput },
) {
  const [row] = await db
    .update(savedReplies)
    .set({ title: input.title, body: input.body, shared: input.shared ?? false, updatedAt: now() })
    .where(and(eq(savedReplies.id, replyId), eq(savedReplies.coachId, coachId)))
    .returning(columns);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toReply(row, coachId);
}

export async function deleteSavedReply(
  { db }: Pick<Deps, 'db'>,
  { coachId, replyId }: Coach & { replyId: string },
) {
  const removed = await db
    .delete(savedReplies)
    .where(and(eq(savedReplies.id, replyId), eq(savedReplies.coachId, coachId)))
    .returning({ id: savedReplies.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', NOT_FOUND);
  return { deleted: true };
}
