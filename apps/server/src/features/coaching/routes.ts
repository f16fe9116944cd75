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
  .get('/topics', async (c) =>
    c.json({ topics: await listMemberTopics(c.var.deps, { userId: c.var.user.id }) }),
  )
  .post('/topics', validate('json', TopicInputSchema), throttle('topic'), async (c) =>
    c.json(
      { topic: await createTopic(c.var.deps, { userId: c.var.user.id, input: c.req.valid('json') }) },
      201,
    ),
  )
  .get('/topics/:topicId', validate('param', TopicIdParamSchema), async (c) =>
    c.json(await getMemberConversation(c.var.deps, { userId: c.var.user.id, ...c.req.valid('param') })),
  )
  .post(
    '/topics/:topicId/messages',
    validate('param', TopicIdParamSchema),
    validate('json', MessageInputSchema),
    throttle('message'),
    async (c) => {
      const message = await postMemberMessage(c.var.deps, {
        userId: c.var.user.id,
        ...c.req.valid('param'),
        ...c.req.valid('json'),
      });
      return c.json({ message }, 201);
    },
  )
  .post('/topics/:topicId/read', validate('param', TopicIdParamSchema), async (c) =>
    c.json(await markReadByMember(c.var.deps, { userId: c.var.user.id, ...c.req.valid('param') })),
  );

/** /api/admin/coaching: every member's topics, replies as coach, archive and restore. */
export const adminCoachingRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/topics', validate('query', TopicListQuerySchema), async (c) =>
    c.json({
      topics: await listCoachTopics(c.var.deps, { archived: c.req.valid('query').archived === 'true' }),
    }),
  )
  .get('/topics/:topicId', validate('param', TopicIdParamSchema), async (c) =>
    c.json(await getCoachConversation(c.var.deps, c.req.valid('param'))),
  )
  .post(
    '/topics/:topicId/replies',
    validate('param', TopicIdParamSchema),
    validate('json', MessageInputSchema),
    async (c) => {
      const message = await postCoachReply(c.var.deps, {
        coachId: c.var.user.id,
        ...c.req.valid('param'),
        ...c.req.valid('json'),
      });
      return c.json({ message }, 201);
    },
  )
  .post('/topics/:topicId/read', validate('param', TopicIdParamSchema), async (c) =>
    c.json(await markReadByCoach(c.var.deps, c.req.valid('param'))),
  )
  .patch(
    '/topics/:topicId',
    validate('param', TopicIdParamSchema),
    validate('json', ArchiveInputSchema),
    async (c) =>
      c.json({
        topic: await setTopicArchived(c.var.deps, { ...c.req.valid('param'), ...c.req.valid('json') }),
      }),
  );
