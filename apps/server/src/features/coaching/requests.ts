import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import { optionalIdempotencyKey } from '../../http/idempotency-key.ts';
import type { SignedInEnv } from '../auth/session.ts';
import { discardAttachment, storeAttachmentUpload } from './attachments.ts';
import { withAuthor } from './authors.ts';
import type { StoredAttachment } from './messages.ts';
import { repeatedUpload } from './repeats.ts';

// What coaching's member and coach routes both do with a request: read its Idempotency-Key, answer
// a copy sent again, and post an upload without leaving a stored file behind when the post fails.

/**
 * A message's or topic's Idempotency-Key, if sent (a malformed one is a 400): its id (messages.ts
 * `repeatOf`, service.ts `repeatedTopic`).
 */
export const idempotencyKeyOf = (c: Pick<Context, 'env' | 'req'>) => optionalIdempotencyKey(c) ?? undefined;

/**
 * A copy sent again with its Idempotency-Key, answered (201) with what `find` finds stored under
 * the key (repeats.ts) before the route reads its body or takes a limit; otherwise on to the route.
 */
export async function answerRepeat(
  c: Context<SignedInEnv>,
  next: Next,
  name: 'message' | 'topic',
  find: (id: string) => Promise<object | null>,
) {
  const id = idempotencyKeyOf(c);
  const stored = id && (await find(id));
  if (stored) return c.json({ [name]: stored }, 201);
  await next();
}

/**
 * Stores the upload, then posts it with `post` (the member's message or the coach's reply); a post
 * that fails leaves no stored file behind.
 */
export async function postWithUpload<M>(
  c: Context<SignedInEnv>,
  topicId: string,
  post: (upload: { message: string; attachment: StoredAttachment }) => Promise<M>,
) {
  const { attachment, caption } = await storeAttachmentUpload(c, { topicId });
  return post({ message: caption, attachment }).catch(async (err) => {
    await discardAttachment(c.get('deps'), attachment.key);
    throw err;
  });
}

/** A photo or video sent again (repeats.ts `repeatedUpload`). */
export const answerRepeatedUpload = (side: 'member' | 'coach') =>
  createMiddleware<SignedInEnv>((c, next) =>
    answerRepeat(c, next, 'message', async (id) => {
      const stored = await repeatedUpload(c.get('deps'), {
        id,
        userId: c.get('user').id,
        topicId: c.req.param('topicId') ?? '', // checked by the route's validator before
        isCoachReply: side === 'coach',
      });
      // Answered as the first time was: a coach's reply with its author.
      return stored && withAuthor(c.get('deps'), stored);
    }),
  );
