import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussionMessages, discussionTopics } from '../../platform/db/schema.ts';
import { burnMember, openTopic } from '../../testing/coaching.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';

let t: TestApp;
let coach: string;
let clock = new Date('2026-11-22T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  coach = await signInAdmin(t);
});
afterAll(() => t.close());

const tick = (ms = 60_000) => {
  clock = new Date(clock.getTime() + ms);
};

/** One topic as its member reaches it. */
const asMember = (cookie: string, topicId: string) => {
  const topic = t.client(cookie).coaching.topics[':topicId'];
  const param = { topicId };
  return {
    open: () => topic.$get({ param }),
    send: (message: string) => topic.messages.$post({ param, json: { message } }),
    markRead: () => topic.read.$post({ param }),
  };
};

/** One topic as the coach reaches it. */
const asCoach = (topicId: string) => {
  const topic = t.client(coach).admin.coaching.topics[':topicId'];
  const param = { topicId };
  return {
    open: () => topic.$get({ param }),
    reply: (message: string) => topic.replies.$post({ param, json: { message } }),
    markRead: () => topic.read.$post({ param }),
    setArchived: (isArchived: boolean) => topic.$patch({ param, json: { isArchived } }),
  };
};

const memberTopics = async (cookie: string) =>
  (await (await t.client(cookie).coaching.topics.$get()).json()).topics;
const coachTopics = async ({ archived = false } = {}) =>
  (
    await (
      await t.client(coach).admin.coaching.topics.$get({ query: archived ? { archived: 'true' } : {} })
    ).json()
  ).topics;

const countRows = async (topicId?: string) => ({
  topics: (await t.db.select().from(discussionTopics)).length,
  messages: (
    await t.db
      .select()
      .from(discussionMessages)
      .where(topicId ? eq(discussionMessages.topicId, topicId) : undefined)
  ).length,
});

describe('coaching access (spec §6)', () => {
  it('refuses every coaching endpoint to visitors (401) and to members without 1-on-1 Burn (403)', async () => {
    const daily = await createMember(t);
    await givePaidTier(t, daily, 'The Daily Core');
    const trial = await createMember(t); // a running Feel and Burn trial
    const routes = [
      ...new Map(
        t.app.routes
          // The seats and the waitlist are public (features/seats): the plan cards read them.
          .filter((r) => r.path.startsWith('/api/coaching/') && r.method !== 'ALL')
          .filter((r) => !['/api/coaching/seats', '/api/coaching/waitlist'].includes(r.path))
          .map((r) => [`${r.method} ${r.path}`, r]),
      ).values(),
    ];
    expect(routes.length).toBe(8); // with GET /api/coaching/coach, the member's coach
    const before = await countRows();
    for (const route of routes) {
      const path = route.path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000001');
      const body = route.method === 'POST' ? { title: 'Hi', message: 'Hi' } : undefined;
      const anonymous = await t.request(path, { method: route.method, json: body });
      expect(anonymous.status, `${route.method} ${route.path} anonymous`).toBe(401);
      for (const member of [daily, trial]) {
        const res = await t.request(path, { method: route.method, json: body, cookie: member.cookie });
        expect(res.status, `${route.method} ${route.path}`).toBe(403);
        expect((await json(res)).error).toMatchObject({ code: 'PLAN_REQUIRED', requiredPlan: 'burn' });
      }
    }
    expect(await countRows()).toEqual(before);
  });

  it('lets a 1-on-1 Burn member in, and refuses them again once the subscription lapses', async () => {
    const member = await burnMember(t);
    expect((await t.client(member.cookie).coaching.topics.$get()).status).toBe(200);
    await givePaidTier(t, member, 'The Daily Core');
    expect((await t.client(member.cookie).coaching.topics.$get()).status).toBe(403);
  });
});

describe('topics and messages', () => {
  it('validates a topic title and a message: blank gets 400 and nothing is written', async () => {
    const member = await burnMember(t);
    const before = await countRows();
    const blankTitle = await t.client(member.cookie).coaching.topics.$post({ json: { title: '   ' } });
    expect(blankTitle.status).toBe(400);
    expect((await json(blankTitle)).error.message).toBe('Please enter a title for your topic.');
    const noTitle = await t.request('/api/coaching/topics', { cookie: member.cookie, json: {} });
    expect(noTitle.status).toBe(400);
    expect(await countRows()).toEqual(before);

    const topic = await openTopic(t, member.cookie);
    for (const body of [{ message: '  \n\t ' }, { message: 42 }, {}, { message: 'x'.repeat(5001) }]) {
      const res = await t.request(`/api/coaching/topics/${topic.id}/messages`, {
        cookie: member.cookie,
        json: body,
      });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    const blank = await asMember(member.cookie, topic.id).send('   ');
    expect((await json(blank)).error.message).toBe('Please enter a message.');
    expect((await countRows(topic.id)).messages).toBe(0);

    // Found by the fuzzer: PostgreSQL cannot store a NUL character; that is the input's fault (400).
    const nul = await asMember(member.cookie, topic.id).send('null\u0000byte');
    expect(nul.status).toBe(400);
    expect((await json(nul)).error.code).toBe('BAD_REQUEST');
    expect((await countRows(topic.id)).messages).toBe(0);

    const coachBlank = await asCoach(topic.id).reply(' ');
    expect(coachBlank.status).toBe(400);
    expect((await countRows(topic.id)).messages).toBe(0);
  });

  it('trims, stores, lists newest activity first, and moves updated_at with each message', async () => {
    const member = await burnMember(t);
    const first = await openTopic(t, member.cookie, '  Nutrition  ');
    tick();
    const second = await openTopic(t, member.cookie, 'Planks hurt my wrists');
    expect(first.updatedAt < second.updatedAt).toBe(true);
    tick();
    const sent = await asMember(member.cookie, first.id).send('  How much protein?  ');
    expect(sent.status).toBe(201);
    expect((await sent.json()).message).toMatchObject({ message: 'How much protein?', isCoachReply: false });

    const topics = await memberTopics(member.cookie);
    expect(topics.map((topic) => topic.title)).toEqual(['Nutrition', 'Planks hurt my wrists']);
    expect(topics[0]?.updatedAt).toBe(clock.toISOString());
    expect(topics[0]?.lastMessageAt).toBe(clock.toISOString());
    expect(topics[1]?.lastMessageAt).toBeNull();
  });

  it('keeps member B out of member A’s topic: list, read, post, mark read (404, nothing written)', async () => {
    const a = await burnMember(t);
    const b = await burnMember(t);
    const topic = await openTopic(t, a.cookie);
    await asMember(a.cookie, topic.id).send('Mine');

    expect(await memberTopics(b.cookie)).toEqual([]);
    const asB = asMember(b.cookie, topic.id);
    const read = await asB.open();
    expect(read.status).toBe(404);
    const post = await asB.send('Not yours');
    expect(post.status).toBe(404);
    const mark = await asB.markRead();
    expect(mark.status).toBe(404);
    expect((await countRows(topic.id)).messages).toBe(1);
    const malformed = await asMember(a.cookie, 'not-a-uuid').open();
    expect(malformed.status).toBe(400);
  });
});

describe('read flags (spec §4)', () => {
  it('moves exactly as the spec says, in both directions', async () => {
    const member = await burnMember(t);
    const topic = await openTopic(t, member.cookie);
    const mine = asMember(member.cookie, topic.id);
    const coaching = asCoach(topic.id);
    await mine.send('First question');
    tick();
    await mine.send('Second question');

    // The member's own messages are read by the member as they are sent…
    const rows = await t.db.select().from(discussionMessages).where(eq(discussionMessages.topicId, topic.id));
    expect(rows.every((row) => row.readByUser && !row.readByCoach)).toBe(true);
    // …and unread for the coach, who sees the count.
    const coachTopic = async () => (await coachTopics()).find((x) => x.id === topic.id);
    expect(await coachTopic()).toMatchObject({ unreadCount: 2, hasNewMessages: true });

    // Opening the conversation alone does not mark; the coach's read call does.
    expect((await coaching.open()).status).toBe(200);
    expect((await coachTopic())?.unreadCount).toBe(2);
    const marked = await coaching.markRead();
    expect(await marked.json()).toEqual({ marked: 2 });
    expect((await coachTopic())?.unreadCount).toBe(0);

    // A coach reply stays unread for the member until the member opens the topic.
    tick();
    await coaching.reply('Answer');
    const [reply] = await t.db
      .select()
      .from(discussionMessages)
      .where(and(eq(discussionMessages.topicId, topic.id), eq(discussionMessages.isCoachReply, true)));
    expect(reply).toMatchObject({ readByUser: false, readByCoach: true });
    const memberTopic = async () => (await memberTopics(member.cookie))[0];
    expect(await memberTopic()).toMatchObject({ unreadCount: 1, hasNewMessages: true });
    expect((await coachTopic())?.unreadCount).toBe(0); // coach replies never count for the coach

    const opened = await mine.markRead();
    expect(await opened.json()).toEqual({ marked: 1 });
    expect(await memberTopic()).toMatchObject({ unreadCount: 0, hasNewMessages: false });
    const conversation = await (await mine.open()).json();
    expect(conversation.messages.map((m) => m.message)).toEqual([
      'First question',
      'Second question',
      'Answer',
    ]);
  });
});

describe('the coach', () => {
  it('sees every member’s topic with the member’s name, replies, archives, and cannot reply when archived', async () => {
    const member = await burnMember(t);
    const topic = await openTopic(t, member.cookie, 'Archive me');
    const coaching = asCoach(topic.id);
    const listed = (await coachTopics()).find((x) => x.id === topic.id);
    expect(listed?.userName).toBe(member.email); // no name given yet: the e-mail stands in

    const archive = await coaching.setArchived(true);
    expect(archive.status).toBe(200);
    expect((await coachTopics({ archived: true })).map((x) => x.id)).toContain(topic.id);
    expect((await coachTopics()).map((x) => x.id)).not.toContain(topic.id);

    const before = await countRows(topic.id);
    const refused = await coaching.reply('Too late');
    expect(refused.status).toBe(409);
    expect(await countRows(topic.id)).toEqual(before);

    const restore = await coaching.setArchived(false);
    expect(restore.status).toBe(200);
    const reply = await coaching.reply('  Back again  ');
    expect(reply.status).toBe(201);
    expect((await reply.json()).message).toMatchObject({ message: 'Back again', isCoachReply: true });
  });

  it('gets an archived conversation back in Active when the member writes in it', async () => {
    const member = await burnMember(t);
    const topic = await openTopic(t, member.cookie);
    await asCoach(topic.id).setArchived(true);
    await asMember(member.cookie, topic.id).send('Still there?');
    const [row] = await t.db.select().from(discussionTopics).where(eq(discussionTopics.id, topic.id));
    expect(row!.isArchived).toBe(false);
  });

  it('answers 404 for a topic that does not exist and 400 for a bad archive body', async () => {
    const missing = '00000000-0000-4000-8000-000000000009';
    expect((await asCoach(missing).open()).status).toBe(404);
    const reply = await asCoach(missing).reply('x');
    expect(reply.status).toBe(404);
    const member = await burnMember(t);
    const topic = await openTopic(t, member.cookie);
    const bad = await t.request(`/api/admin/coaching/topics/${topic.id}`, {
      method: 'PATCH',
      cookie: coach,
      json: { isArchived: 'yes' },
    });
    expect(bad.status).toBe(400);
  });
});
