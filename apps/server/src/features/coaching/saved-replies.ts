import type { SavedReplyInput } from '@core28/core/coaching';
import { and, asc, eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { oneRow } from '../../platform/db/index.ts';
import { savedReplies } from '../../platform/db/schema.ts';

// Each coach's saved replies (title + text); the reply box fills in {firstName} and
// {day} (core fillSavedReply) from the chat's side panel before the coach sends it.

type Coach = { coachId: string };
const SAVED_REPLY_LIMIT = 200;
const NOT_FOUND = 'Saved reply not found';

const columns = {
  id: savedReplies.id,
  title: savedReplies.title,
  body: savedReplies.body,
  updatedAt: savedReplies.updatedAt,
};
const toReply = (row: { id: string; title: string; body: string; updatedAt: Date }) => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
});

export async function listSavedReplies({ db }: Pick<Deps, 'db'>, { coachId }: Coach) {
  const rows = await db
    .select(columns)
    .from(savedReplies)
    .where(eq(savedReplies.coachId, coachId))
    .orderBy(asc(savedReplies.title), asc(savedReplies.id))
    .limit(SAVED_REPLY_LIMIT);
  return { replies: rows.map(toReply) };
}

export async function createSavedReply(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  { coachId, input }: Coach & { input: SavedReplyInput },
) {
  const { replies } = await listSavedReplies({ db }, { coachId });
  if (replies.length >= SAVED_REPLY_LIMIT)
    throw new AppError(
      'CONFLICT',
      `You can keep at most ${SAVED_REPLY_LIMIT} saved replies. Delete one first.`,
    );
  const at = now();
  const row = oneRow(
    await db
      .insert(savedReplies)
      .values({ coachId, title: input.title, body: input.body, createdAt: at, updatedAt: at })
      .returning(columns),
  );
  return toReply(row);
}

export async function updateSavedReply(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  { coachId, replyId, input }: Coach & { replyId: string; input: SavedReplyInput },
) {
  const [row] = await db
    .update(savedReplies)
    .set({ title: input.title, body: input.body, updatedAt: now() })
    .where(and(eq(savedReplies.id, replyId), eq(savedReplies.coachId, coachId)))
    .returning(columns);
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toReply(row);
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
