import {
  MessageIdParamSchema,
  MessageInputSchema,
  TopicIdParamSchema,
  TopicInputSchema,
} from '@core28/core/coaching';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../validate.ts';
import { signedSession } from '../auth/session.ts';
import { answerAttachment, attachmentBodyLimit } from './attachments.ts';
import { memberCoachCard } from './coach-change.ts';
import { coachingBeforeErrors, decideCoaching, memberLimits, requireCoaching, throttle } from './guard.ts';
import { postMemberMessage, postMessageWithSession } from './messages.ts';
import { repeatedTopic } from './repeats.ts';
import { answerRepeat, answerRepeatedUpload, idempotencyKeyOf, postWithUpload } from './requests.ts';
import {
  assertTopicFor,
  createTopic,
  getMemberConversation,
  listMemberTopics,
  markReadByMember,
} from './service.ts';

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
  // The member's own coach: name, photo and bio (null until one is assigned)
  .get('/coach', async (c) =>
    c.json({ coach: await memberCoachCard(c.get('deps'), { userId: c.get('user').id }) }),
  )
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
    return answerAttachment(c, c.req.valid('param'));
  });
