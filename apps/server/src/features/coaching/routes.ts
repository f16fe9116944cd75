import {
  ArchiveInputSchema,
  MessageInputSchema,
  TopicIdParamSchema,
  TopicInputSchema,
  TopicListQuerySchema,
} from '@core28/core/coaching';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../validate.ts';
import { requireAdmin } from '../auth/session.ts';
import { requireCoaching, throttle } from './guard.ts';
import {
  createTopic,
  getCoachConversation,
  getMemberConversation,
  listCoachTopics,
  listMemberTopics,
  markReadByCoach,
  markReadByMember,
  postCoachReply,
  postMemberMessage,
  setTopicArchived,
} from './service.ts';

/** /api/coaching: the member's own topics and messages, nobody else's. */
export const coachingRoutes = new Hono<AppEnv>()
  .use(requireCoaching)
  .get('/topics', async (c) => c.json({ topics: await listMemberTopics(c.var.deps, c.var.user.id) }))
  .post('/topics', validate('json', TopicInputSchema), throttle('topic'), async (c) =>
    c.json({ topic: await createTopic(c.var.deps, c.var.user.id, c.req.valid('json')) }, 201),
  )
  .get('/topics/:topicId', validate('param', TopicIdParamSchema), async (c) =>
    c.json(await getMemberConversation(c.var.deps, c.var.user.id, c.req.valid('param').topicId)),
  )
  .post(
    '/topics/:topicId/messages',
    validate('param', TopicIdParamSchema),
    validate('json', MessageInputSchema),
    throttle('message'),
    async (c) => {
      const { topicId } = c.req.valid('param');
      const message = await postMemberMessage(
        c.var.deps,
        c.var.user.id,
        topicId,
        c.req.valid('json').message,
      );
      return c.json({ message }, 201);
    },
  )
  .post('/topics/:topicId/read', validate('param', TopicIdParamSchema), async (c) =>
    c.json(await markReadByMember(c.var.deps, c.var.user.id, c.req.valid('param').topicId)),
  );

/** /api/admin/coaching: every member's topics, replies as coach, archive and restore. */
export const adminCoachingRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/topics', validate('query', TopicListQuerySchema), async (c) =>
    c.json({ topics: await listCoachTopics(c.var.deps, c.req.valid('query').archived === 'true') }),
  )
  .get('/topics/:topicId', validate('param', TopicIdParamSchema), async (c) =>
    c.json(await getCoachConversation(c.var.deps, c.req.valid('param').topicId)),
  )
  .post(
    '/topics/:topicId/replies',
    validate('param', TopicIdParamSchema),
    validate('json', MessageInputSchema),
    async (c) => {
      const { topicId } = c.req.valid('param');
      const message = await postCoachReply(c.var.deps, c.var.user.id, topicId, c.req.valid('json').message);
      return c.json({ message }, 201);
    },
  )
  .post('/topics/:topicId/read', validate('param', TopicIdParamSchema), async (c) =>
    c.json(await markReadByCoach(c.var.deps, c.req.valid('param').topicId)),
  )
  .patch(
    '/topics/:topicId',
    validate('param', TopicIdParamSchema),
    validate('json', ArchiveInputSchema),
    async (c) => {
      const { topicId } = c.req.valid('param');
      return c.json({ topic: await setTopicArchived(c.var.deps, topicId, c.req.valid('json').isArchived) });
    },
  );
