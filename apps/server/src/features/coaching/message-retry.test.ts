import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { discussionMessages, discussionTopics } from '../../platform/db/schema.ts';
import { burnMember, openTopic } from '../../testing/coaching.ts';
import { json, TEST_ORIGIN } from '../../testing/harness.ts';
import { connect, isMessage, settle } from '../../testing/live.ts';
import { memberLimits } from './guard.ts';
import { postMemberMessage } from './messages.ts';
import {
  coach,
  memberWithTopic,
  rowsOf,
  send,
  server,
  setupRetryApp,
  t,
  taken,
  tick,
  topicUpdatedAt,
} from './retry-setup.ts';

// A message, a photo or a new topic sent again after its answer was lost (DESIGN "Idempotency": a
// write a phone may retry). The client keeps one Idempotency-Key per draft; the same key again
// answers the stored one and writes nothing: no second row, no limit taken, no topic moved, no
// second delivery. A photo sent again is in photo-retry.test.ts.

setupRetryApp();

describe('a member’s message sent again with its Idempotency-Key', () => {
  it('answers the stored message and writes, takes, moves and delivers nothing more', async () => {
    const { member, topic } = await memberWithTopic();
    const socket = await connect(server.port, member.cookie);
    const key = randomUUID();

    const first = await send(member.cookie, topic.id, '  Is day 9 meant to burn?  ', key);
    expect(first.status).toBe(201);
    const sent = (await json(first)).message;
    expect(sent).toMatchObject({ id: key, message: 'Is day 9 meant to burn?', isCoachReply: false });
    await socket.next(isMessage('Is day 9 meant to burn?'));
    const movedTo = await topicUpdatedAt(topic.id);
    expect(await taken(member.userId)).toBe(memberLimits('message', member.userId).length);

    tick(); // the retry comes later: a topic it moved would show it
    const again = await send(member.cookie, topic.id, 'Is day 9 meant to burn?', key.toUpperCase());
    expect(again.status).toBe(201);
    expect((await json(again)).message).toEqual(sent);

    expect(await rowsOf(topic.id)).toHaveLength(1);
    expect(await topicUpdatedAt(topic.id)).toEqual(movedTo);
    expect(await taken(member.userId)).toBe(memberLimits('message', member.userId).length);
    await settle();
    expect(socket.events.filter(isMessage('Is day 9 meant to burn?'))).toHaveLength(1);
    socket.ws.close();
  });

  it('writes one message when the copies race each other', async () => {
    const { member, topic } = await memberWithTopic();
    const key = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => send(member.cookie, topic.id, 'Sent from a tunnel', key)),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const ids = await Promise.all(answers.map(async (a) => (await json(a)).message.id));
    expect(new Set(ids)).toEqual(new Set([key]));
    expect(await rowsOf(topic.id)).toHaveLength(1);
  });

  it('refuses a key used for another message, by the member or anyone else (409, nothing written)', async () => {
    const { member, topic } = await memberWithTopic();
    const other = await burnMember(t);
    const othersTopic = await openTopic(t, other.cookie);
    const key = randomUUID();
    expect((await send(member.cookie, topic.id, 'First words', key)).status).toBe(201);

    const changed = await send(member.cookie, topic.id, 'Other words', key);
    expect(changed.status).toBe(409);
    expect((await json(changed)).error.message).toBe(
      'This Idempotency-Key was already used for another request',
    );
    const stolen = await send(other.cookie, othersTopic.id, 'First words', key);
    expect(stolen.status).toBe(409);
    const asReply = await send(coach, topic.id, 'First words', key, 'coach');
    expect(asReply.status).toBe(409);

    expect((await rowsOf(topic.id)).map((m) => m.message)).toEqual(['First words']);
    expect(await rowsOf(othersTopic.id)).toEqual([]);
    expect(await taken(other.userId)).toBe(0);
  });

  it('says 400 to a key that is not a UUID, before writing anything', async () => {
    const { member, topic } = await memberWithTopic();
    const res = await send(member.cookie, topic.id, 'Hello', 'not-a-uuid');
    expect(res.status).toBe(400);
    expect((await json(res)).error.message).toBe('Idempotency-Key must be a UUID');
    expect(await rowsOf(topic.id)).toEqual([]);
  });

  it('writes a new message for each new key, even with the same words', async () => {
    const { member, topic } = await memberWithTopic();
    for (const key of [randomUUID(), randomUUID(), undefined, undefined])
      expect((await send(member.cookie, topic.id, 'Done!', key)).status).toBe(201);
    expect(await rowsOf(topic.id)).toHaveLength(4);
  });

  it('takes nothing on the long way either (the statement for a member decided before it)', async () => {
    const { member, topic } = await memberWithTopic();
    const id = randomUUID();
    const input = { id, userId: member.userId, topicId: topic.id, message: 'Long way' };
    const limits = memberLimits('message', member.userId);
    const first = await postMemberMessage(t.deps, { ...input, limits });
    tick();
    const again = await postMemberMessage(t.deps, { ...input, limits });
    expect(again).toEqual(first);
    expect(await taken(member.userId)).toBe(limits.length);
    expect(await rowsOf(topic.id)).toHaveLength(1);
  });
});

describe('a coach’s reply sent again with its Idempotency-Key', () => {
  it('answers the stored reply, even once the topic is archived, and writes nothing more', async () => {
    const { topic } = await memberWithTopic();
    const key = randomUUID();
    const first = await send(coach, topic.id, 'Keep your ribs down', key, 'coach');
    expect(first.status).toBe(201);
    const reply = (await json(first)).message;
    expect(reply).toMatchObject({ id: key, isCoachReply: true });

    const archive = await t.request(`/api/admin/coaching/topics/${topic.id}`, {
      method: 'PATCH',
      cookie: coach,
      json: { isArchived: true },
      headers: { origin: TEST_ORIGIN },
    });
    expect(archive.status).toBe(200);
    const again = await send(coach, topic.id, 'Keep your ribs down', key, 'coach');
    expect(again.status).toBe(201);
    expect((await json(again)).message).toEqual(reply);
    // A new reply in the archived topic is still refused (spec §4).
    expect((await send(coach, topic.id, 'Keep your ribs down', randomUUID(), 'coach')).status).toBe(409);
    expect(
      await t.db
        .select()
        .from(discussionMessages)
        .where(and(eq(discussionMessages.topicId, topic.id), eq(discussionMessages.isCoachReply, true))),
    ).toHaveLength(1);
  });
});

describe('a topic opened again with its Idempotency-Key', () => {
  const open = (cookie: string, title: string, key: string) =>
    t.request('/api/coaching/topics', {
      method: 'POST',
      cookie,
      json: { title, description: 'Week 2' },
      headers: { 'idempotency-key': key },
    });
  const topicsOf = (userId: string) =>
    t.db.select().from(discussionTopics).where(eq(discussionTopics.userId, userId));

  it('answers the stored topic before its limit is taken; another title under the key is a 409', async () => {
    const member = await burnMember(t);
    const key = randomUUID();
    const first = await open(member.cookie, 'Breathing', key);
    expect(first.status).toBe(201);
    const topic = (await json(first)).topic;
    expect(topic).toMatchObject({ id: key, title: 'Breathing', description: 'Week 2' });
    const again = await open(member.cookie, ' Breathing ', key);
    expect(again.status).toBe(201);
    expect((await json(again)).topic).toEqual(topic);
    expect(await topicsOf(member.userId)).toHaveLength(1);
    expect(await taken(member.userId, 'topic')).toBe(1);

    expect((await open(member.cookie, 'Another', key)).status).toBe(409);
    const other = await burnMember(t);
    expect((await open(other.cookie, 'Breathing', key)).status).toBe(409);
    expect(await topicsOf(member.userId)).toHaveLength(1);
    expect(await topicsOf(other.userId)).toEqual([]);
  });

  it('opens one topic when the copies race each other', async () => {
    const member = await burnMember(t);
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => open(member.cookie, 'Race', key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const ids = await Promise.all(answers.map(async (a) => (await json(a)).topic.id));
    expect(new Set(ids)).toEqual(new Set([key]));
    expect(await topicsOf(member.userId)).toHaveLength(1);
  });
});
