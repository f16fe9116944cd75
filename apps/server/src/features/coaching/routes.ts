import {
  ArchiveInputSchema,
  MessageIdParamSchema,
  MessageInputSchema,
  SavedReplyIdParamSchema,
  SavedReplyInputSchema,
  TopicIdParamSchema,
  TopicInputSchema,
  TopicListQuerySchema,
} from '@core28/core/coaching';
import { type Context, Hono, type Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context.ts';
import { optionalIdempotencyKey } from '../../http/idempotency-key.ts';
import { validate } from '../../validate.ts';
import { requireAdmin, type SignedInEnv, signedSession } from '../auth/session.ts';
import {
  answerAttachment,
  attachmentBodyLimit,
  discardAttachment,
  storeAttachmentUpload,
} from './attachments.ts';
import { coachingBeforeErrors, decideCoaching, memberLimits, requireCoaching, throttle } from './guard.ts';
import {
  postCoachReply,
  postMemberMessage,
  postMessageWithSession,
  type StoredAttachment,
} from './messages.ts';
import { repeatedTopic, repeatedUpload } from './repeats.ts';
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from './saved-replies.ts';
import {
  assertTopicFor,
  createTopic,
  getCoachConversation,
  getMemberConversation,
  listCoachTopics,
  listMemberTopics,
  markReadByCoach,
  markReadByMember,
  setTopicArchived,
} from './service.ts';

/**
 * A message's or topic's Idempotency-Key, if sent (a malformed one is a 400): its id (messages.ts
 * `repeatOf`, service.ts `repeatedTopic`).
 */
const idempotencyKeyOf = (c: Pick<Context, 'env' | 'req'>) => optionalIdempotencyKey(c) ?? undefined;

/**
 * A copy sent again with its Idempotency-Key, answered (201) with what `find` finds stored under
 * the key (repeats.ts) before the route reads its body or takes a limit; otherwise on to the route.
 */
async function answerRepeat(
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

/** A photo or video sent again (repeats.ts `repeatedUpload`). */
/**
 * Stores the upload, then posts it with `post` (the member's message or the coach's reply); a post
 * that fails leaves no stored file behind.
 */
async function postWithUpload<M>(
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

const answerRepeatedUpload = (side: 'member' | 'coach') =>
  createMiddleware<SignedInEnv>((c, next) =>
    answerRepeat(c, next, 'message', (id) =>
      repeatedUpload(c.get('deps'), {
        id,
        userId: c.get('user').id,
        topicId: c.req.param('topicId') ?? '', // checked by the route's validator before
        isCoachReply: side === 'coach',
      }),
    ),
  );

/** /api/coaching: the member's own topics and messages, nobody else's. */
export const coachingRoutes = new Hono<AppEnv>()
  // A text message: the statement that writes it reads the session and decides the member too (one
  // round trip), and when it cannot, the long way does. So the route comes before
  // `requireCoaching`, which every route after it passes first.
  .post(
    '/topics/:topicId/messages',
    coachingBeforeErrors,
    validate('param', TopicIdParamSchema),
    validate('json', MessageInputSchema),
    async (c) => {
      const input = { ...c.req.valid('param'), ...c.req.valid('json'), id: idempotencyKeyOf(c) };
      const session = await signedSession(c);
      const sent = session && (await postMessageWithSession(c.get('deps'), { ...session, ...input }));
      if (sent) return c.json({ message: sent.message }, 201);
      await decideCoaching(c);
      const userId = c.get('user').id;
      const message = await postMemberMessage(c.get('deps'), {
        userId,
        ...input,
        limits: memberLimits('message', userId), // taken by the statement that writes it
      });
      return c.json({ message }, 201);
    },
  )
  .use(requireCoaching)
  .get('/topics', async (c) =>
    c.json({ topics: await listMemberTopics(c.get('deps'), { userId: c.get('user').id }) }),
  )
  .post(
    '/topics',
    validate('json', TopicInputSchema),
    // A topic sent again: the stored one, before the limit is taken (repeats.ts `repeatedTopic`).
    (c, next) =>
      answerRepeat(c, next, 'topic', (id) =>
        repeatedTopic(c.get('deps'), { id, userId: c.get('user').id, input: c.req.valid('json') }),
      ),
    throttle('topic'),
    async (c) => {
      const topic = await createTopic(c.get('deps'), {
        id: idempotencyKeyOf(c),
        userId: c.get('user').id,
        input: c.req.valid('json'),
      });
      return c.json({ topic }, 201);
    },
  )
  .get('/topics/:topicId', validate('param', TopicIdParamSchema), async (c) =>
    c.json(await getMemberConversation(c.get('deps'), { userId: c.get('user').id, ...c.req.valid('param') })),
  )
  .post('/topics/:topicId/read', validate('param', TopicIdParamSchema), async (c) =>
    c.json(await markReadByMember(c.get('deps'), { userId: c.get('user').id, ...c.req.valid('param') })),
  )
  // A photo or video (multipart/form-data: "file", and "message" as its caption)
  .post(
    '/topics/:topicId/attachments',
    validate('param', TopicIdParamSchema),
    answerRepeatedUpload('member'),
    throttle('message'),
    attachmentBodyLimit,
    async (c) => {
      const { topicId } = c.req.valid('param');
      await assertTopicFor(c.get('deps'), { userId: c.get('user').id, topicId });
      const message = await postWithUpload(c, topicId, (upload) =>
        postMemberMessage(c.get('deps'), {
          id: idempotencyKeyOf(c),
          userId: c.get('user').id,
          topicId,
          ...upload,
        }),
      );
      return c.json({ message }, 201);
    },
  )
  .get('/attachments/:messageId', validate('param', MessageIdParamSchema), async (c) => {
    return answerAttachment(c, { ...c.req.valid('param'), isAdmin: c.get('isAdmin') });
  });

/** /api/admin/coaching: every member's topics, replies as coach, archive and restore. */
export const adminCoachingRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/topics', validate('query', TopicListQuerySchema), async (c) =>
    c.json({
      topics: await listCoachTopics(c.get('deps'), { archived: c.req.valid('query').archived === 'true' }),
    }),
  )
  .get('/topics/:topicId', validate('param', TopicIdParamSchema), async (c) =>
    c.json(await getCoachConversation(c.get('deps'), c.req.valid('param'))),
  )
  .post(
    '/topics/:topicId/replies',
    validate('param', TopicIdParamSchema),
    validate('json', MessageInputSchema),
    async (c) => {
      const message = await postCoachReply(c.get('deps'), {
        coachId: c.get('user').id,
        ...c.req.valid('param'),
        ...c.req.valid('json'),
        id: idempotencyKeyOf(c),
      });
      return c.json({ message }, 201);
    },
  )
  .post('/topics/:topicId/read', validate('param', TopicIdParamSchema), async (c) =>
    c.json(await markReadByCoach(c.get('deps'), c.req.valid('param'))),
  )
  .post(
    '/topics/:topicId/attachments',
    validate('param', TopicIdParamSchema),
    answerRepeatedUpload('coach'),
    attachmentBodyLimit,
    async (c) => {
      const { topicId } = c.req.valid('param');
      await assertTopicFor(c.get('deps'), { userId: null, topicId });
      const message = await postWithUpload(c, topicId, (upload) =>
        postCoachReply(c.get('deps'), {
          id: idempotencyKeyOf(c),
          coachId: c.get('user').id,
          topicId,
          ...upload,
        }),
      );
      return c.json({ message }, 201);
    },
  )
  .patch(
    '/topics/:topicId',
    validate('param', TopicIdParamSchema),
    validate('json', ArchiveInputSchema),
    async (c) =>
      c.json({
        topic: await setTopicArchived(c.get('deps'), { ...c.req.valid('param'), ...c.req.valid('json') }),
      }),
  )
  // The coach's saved replies
  .get('/saved-replies', async (c) =>
    c.json(await listSavedReplies(c.get('deps'), { coachId: c.get('user').id })),
  )
  .post('/saved-replies', validate('json', SavedReplyInputSchema), async (c) =>
    c.json(
      {
        reply: await createSavedReply(c.get('deps'), {
          coachId: c.get('user').id,
          input: c.req.valid('json'),
        }),
      },
      201,
    ),
  )
  .put(
    '/saved-replies/:replyId',
    validate('param', SavedReplyIdParamSchema),
    validate('json', SavedReplyInputSchema),
    async (c) =>
      c.json({
        reply: await updateSavedReply(c.get('deps'), {
          coachId: c.get('user').id,
          ...c.req.valid('param'),
          input: c.req.valid('json'),
        }),
      }),
  )
  .delete('/saved-replies/:replyId', validate('param', SavedReplyIdParamSchema), async (c) =>
    c.json(await deleteSavedReply(c.get('deps'), { coachId: c.get('user').id, ...c.req.valid('param') })),
  );
