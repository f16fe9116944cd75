import {
  ArchiveInputSchema,
  MessageInputSchema,
  TopicIdParamSchema,
  TopicInputSchema,
  TopicListQuerySchema,
} from '@core28/core/coaching';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type RateLimit, takeFromLimit } from '../../platform/db/rate-limit.ts';
import { validate } from '../../validate.ts';
import { requireAdmin } from '../auth/session.ts';
import { requireTier } from '../subscriptions/guard.ts';
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

/** spec §6: coaching needs an active 1-on-1 Burn subscription (admins pass). */
export const COACHING_TIER = '1-on-1 Burn' as const;

/**
 * Issue 15: one member posted 600 messages of 5,000 characters in 31 s. Each member may send 10
 * messages a minute and 200 a day, and open 10 topics an hour; the coach's replies are not limited.
 */
export const MEMBER_LIMITS = {
  message: [
    { name: 'minute', max: 10, windowMs: 60_000 },
    { name: 'day', max: 200, windowMs: 86_400_000 },
  ],
  topic: [{ name: 'hour', max: 10, windowMs: 3_600_000 }],
} satisfies Record<string, (RateLimit & { name: string })[]>;

const waitFor = (seconds: number) =>
  seconds < 90
    ? `${seconds} seconds`
    : seconds < 5400
      ? `${Math.ceil(seconds / 60)} minutes`
      : `${Math.ceil(seconds / 3600)} hours`;

/** Counts the member's request against each limit in the database; the first one exhausted refuses it. */
const throttle = (kind: keyof typeof MEMBER_LIMITS) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { db, now } = c.var.deps;
    for (const limit of MEMBER_LIMITS[kind]) {
      const taken = await takeFromLimit(db, `coaching-${kind}:${limit.name}:${c.var.user!.id}`, limit, now());
      if (!taken.ok)
        throw new AppError(
          'TOO_MANY_REQUESTS',
          `You are sending ${kind === 'message' ? 'messages' : 'new topics'} too quickly. Please wait ${waitFor(taken.retryAfterSeconds)} and try again.`,
          { retryAfter: taken.retryAfterSeconds },
        );
    }
    await next();
  });

/** /api/coaching: the member's own topics and messages, nobody else's. */
export const coachingRoutes = new Hono<AppEnv>()
  .use(requireTier(COACHING_TIER))
  .get('/topics', async (c) => c.json({ topics: await listMemberTopics(c.var.deps, c.var.user!.id) }))
  .post('/topics', validate('json', TopicInputSchema), throttle('topic'), async (c) =>
    c.json({ topic: await createTopic(c.var.deps, c.var.user!.id, c.req.valid('json')) }, 201),
  )
  .get('/topics/:topicId', validate('param', TopicIdParamSchema), async (c) =>
    c.json(await getMemberConversation(c.var.deps, c.var.user!.id, c.req.valid('param').topicId)),
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
        c.var.user!.id,
        topicId,
        c.req.valid('json').message,
      );
      return c.json({ message }, 201);
    },
  )
  .post('/topics/:topicId/read', validate('param', TopicIdParamSchema), async (c) =>
    c.json(await markReadByMember(c.var.deps, c.var.user!.id, c.req.valid('param').topicId)),
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
      const message = await postCoachReply(c.var.deps, c.var.user!.id, topicId, c.req.valid('json').message);
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
