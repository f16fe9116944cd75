import { eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { KEY_USED_FOR_ANOTHER_REQUEST } from '../../platform/db/idempotency.ts';
import { discussionMessages, discussionTopics } from '../../platform/db/schema.ts';
import { type MessageRow, messageColumns, toLiveMessage, topicColumns, toTopic, unreadFor } from './rows.ts';

// A message or a topic sent again after its answer was lost (DESIGN "Idempotency": a write a phone
// may retry; decision 0009, "A coaching message"): its Idempotency-Key is its id, and a copy that
// finds it stored is answered with it instead of being written again.

/**
 * A client sends a message with an Idempotency-Key, made once per draft, and sends it again with
 * the same key when the answer was lost. The key is the message's id, so the statement that writes it sees the first copy
 * (`writtenBefore`) and writes nothing, or, racing it, inserts nothing. The stored message is
 * answered again, and not delivered again, when it is this one (the same writer, topic and text);
 * a key that named another message is a 409. Null: there is none, so the write was refused for its
 * own reason. A photo or video sent again is answered before its upload is read (`repeatedUpload`);
 * one that meets its stored copy only here raced it, and its file is another copy: a 409, and the
 * route removes that file.
 */
export async function repeatOf(db: Deps['db'], row: MessageRow) {
  return repeated(
    db,
    row.id,
    (stored) =>
      sameSender(stored, row) &&
      stored.message === row.message &&
      stored.attachmentType === null &&
      row.attachmentType === null,
  );
}

/**
 * A photo or video sent again under the Idempotency-Key `id` (`repeatOf`), answered before its
 * upload is read and before any limit is taken: the stored message when it is the same sender's
 * upload in this topic, a 409 when the key named another message, null when there is none.
 */
export async function repeatedUpload(
  { db }: Pick<Deps, 'db'>,
  sender: { id: string; userId: string; topicId: string; isCoachReply: boolean },
) {
  return repeated(db, sender.id, (stored) => sameSender(stored, sender) && stored.attachmentType !== null);
}

type Sender = Pick<MessageRow, 'userId' | 'topicId' | 'isCoachReply'>;
const sameSender = (a: Sender, b: Sender) =>
  a.userId === b.userId && a.topicId === b.topicId && a.isCoachReply === b.isCoachReply;

async function repeated(db: Deps['db'], id: string, isThisOne: (stored: MessageRow) => boolean) {
  const [stored] = await db
    .select(messageColumns)
    .from(discussionMessages)
    .where(eq(discussionMessages.id, id));
  const found = thisOneOrConflict(stored, isThisOne);
  return found && toLiveMessage(found);
}

/** What a key names: null when nothing, the stored row when it is this one, else a 409. */
function thisOneOrConflict<T>(stored: T | undefined, isThisOne: (stored: T) => boolean): T | null {
  if (stored === undefined) return null;
  if (!isThisOne(stored)) throw new AppError('CONFLICT', KEY_USED_FOR_ANOTHER_REQUEST);
  return stored;
}

/**
 * A topic sent again under the Idempotency-Key `id` (DESIGN "Idempotency"): the stored topic when
 * it is the same member's with the same title and description, a 409 when the key named anything
 * else, null when there is none.
 */
export async function repeatedTopic(
  { db }: Pick<Deps, 'db'>,
  { id, userId, input }: { id: string; userId: string; input: { title: string; description: string } },
) {
  const [stored] = await db
    .select({ ...topicColumns, unreadCount: unreadFor('member') })
    .from(discussionTopics)
    .where(eq(discussionTopics.id, id));
  const found = thisOneOrConflict(
    stored,
    (topic) =>
      topic.userId === userId &&
      topic.title === input.title &&
      (topic.description ?? '') === input.description,
  );
  return found && toTopic(found);
}
