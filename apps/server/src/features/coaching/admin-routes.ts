import {
  ArchiveInputSchema,
  inboxViewOf,
  MessageInputSchema,
  SavedReplyIdParamSchema,
  SavedReplyInputSchema,
  TopicIdParamSchema,
  TopicListQuerySchema,
} from '@core28/core/coaching';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../validate.ts';
import { assertMayCoachMember, requireStaff, type SignedInEnv } from '../auth/session.ts';
import { attachmentBodyLimit } from './attachments.ts';
import { postCoachReply } from './messages.ts';
import { answerRepeatedUpload, idempotencyKeyOf, postWithUpload } from './requests.ts';
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from './saved-replies.ts';
import {
  assertTopicFor,
  countUnreadTopics,
  getCoachConversation,
  listCoachTopics,
  markReadByCoach,
  setTopicArchived,
  topicMember,
} from './service.ts';

/** A topic's routes: 404 unless the topic's member is one this staff session coaches. */
const topicInScope = createMiddleware<SignedInEnv>(async (c, next) => {
  const topicId = c.req.param('topicId');
  if (topicId && TopicIdParamSchema.safeParse({ topicId }).success)
    await assertMayCoachMember(c, await topicMember(c.get('deps'), { topicId }));
  await next();
});

/** /api/admin/coaching: every member's topics, replies as coach, archive and restore, saved replies. */
export const adminCoachingRoutes = new Hono<AppEnv>()
  .use(requireStaff('coach'))
  .use('/topics/:topicId/*', topicInScope)
  .use('/topics/:topicId', topicInScope)
  .get('/topics', validate('query', TopicListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    return c.json(
      await listCoachTopics(c.get('deps'), {
        view: inboxViewOf(query),
        q: query.q,
        page: query.page,
        staff: c.get('staff'),
        viewerId: c.get('user').id,
      }),
    );
  })
  // The admin navigation's count: conversations with a member's message no coach has opened.
  .get('/unread', async (c) =>
    c.json(await countUnreadTopics(c.get('deps'), { staff: c.get('staff'), viewerId: c.get('user').id })),
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
