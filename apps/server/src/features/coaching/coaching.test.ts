import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussionMessages, discussionTopics } from '../../platform/db/schema.ts';
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

async function burnMember() {
  const member = await createMember(t);
  await givePaidTier(t, member, '1-on-1 Burn');
  return member;
}

async function openTopic(cookie: string, title = 'Lower back after day 5') {
  const res = await t.request('/api/coaching/topics', { cookie, json: { title, description: '' } });
  expect(res.status).toBe(201);
  return (await json(res)).topic as { id: string; userId: string; updatedAt: string };
}

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
          .filter((r) => r.path.startsWith('/api/coaching/') && r.method !== 'ALL')
          .map((r) => [`${r.method} ${r.path}`, r]),
      ).values(),
    ];
    expect(routes.length).toBe(5);
    const before = await countRows();
    for (const route of routes) {
      const path = route.path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000001');
      const body = route.method === 'POST' ? { title: 'Hi', message: 'Hi' } : undefined;
      const anonymous = await t.request(path, { method: route.method, json: body });
      expect(anonymous.status, `${route.method} ${route.path} anonymous`).toBe(401);
      for (const member of [daily, trial]) {
        const res = await t.request(path, { method: route.method, json: body, cookie: member.cookie });
        expect(res.status, `${route.method} ${route.path}`).toBe(403);
        expect((await json(res)).error.code).toBe('FORBIDDEN');
      }
    }
    expect(await countRows()).toEqual(before);
  });

  it('lets a 1-on-1 Burn member in, and refuses them again once the subscription lapses', async () => {
    const member = await burnMember();
    expect((await t.request('/api/coaching/topics', { cookie: member.cookie })).status).toBe(200);
    await givePaidTier(t, member, 'The Daily Core');
    expect((await t.request('/api/coaching/topics', { cookie: member.cookie })).status).toBe(403);
  });
});

describe('topics and messages', () => {
  it('validates a topic title and a message: blank gets 400 and nothing is written', async () => {
    const member = await burnMember();
    const before = await countRows();
    const blankTitle = await t.request('/api/coaching/topics', {
      cookie: member.cookie,
      json: { title: '   ' },
    });
    expect(blankTitle.status).toBe(400);
    expect((await json(blankTitle)).error.message).toBe('Please enter a title for your topic.');
    const noTitle = await t.request('/api/coaching/topics', { cookie: member.cookie, json: {} });
    expect(noTitle.status).toBe(400);
    expect(await countRows()).toEqual(before);

    const topic = await openTopic(member.cookie);
    for (const body of [{ message: '  \n\t ' }, { message: 42 }, {}, { message: 'x'.repeat(5001) }]) {
      const res = await t.request(`/api/coaching/topics/${topic.id}/messages`, {
        cookie: member.cookie,
        json: body,
      });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    const blank = await t.request(`/api/coaching/topics/${topic.id}/messages`, {
      cookie: member.cookie,
      json: { message: '   ' },
    });
    expect((await json(blank)).error.message).toBe('Please enter a message.');
    expect((await countRows(topic.id)).messages).toBe(0);

    // Found by the fuzzer: PostgreSQL cannot store a NUL character; that is the input's fault (400).
    const nul = await t.request(`/api/coaching/topics/${topic.id}/messages`, {
      cookie: member.cookie,
      json: { message: 'null\u0000byte' },
    });
    expect(nul.status).toBe(400);
    expect((await json(nul)).error.code).toBe('BAD_REQUEST');
    expect((await countRows(topic.id)).messages).toBe(0);

    const coachBlank = await t.request(`/api/admin/coaching/topics/${topic.id}/replies`, {
      cookie: coach,
      json: { message: ' ' },
    });
    expect(coachBlank.status).toBe(400);
    expect((await countRows(topic.id)).messages).toBe(0);
  });

  it('trims, stores, lists newest activity first, and moves updated_at with each message', async () => {
    const member = await burnMember();
    const first = await openTopic(member.cookie, '  Nutrition  ');
    tick();
    const second = await openTopic(member.cookie, 'Planks hurt my wrists');
    expect(first.updatedAt < second.updatedAt).toBe(true);
    tick();
    const sent = await t.request(`/api/coaching/topics/${first.id}/messages`, {
      cookie: member.cookie,
      json: { message: '  How much protein?  ' },
    });
    expect(sent.status).toBe(201);
    expect((await json(sent)).message).toMatchObject({ message: 'How much protein?', isCoachReply: false });

    const list = await json(await t.request('/api/coaching/topics', { cookie: member.cookie }));
    expect(list.topics.map((topic: { title: string }) => topic.title)).toEqual([
      'Nutrition',
      'Planks hurt my wrists',
    ]);
    expect(list.topics[0].updatedAt).toBe(clock.toISOString());
    expect(list.topics[0].lastMessageAt).toBe(clock.toISOString());
    expect(list.topics[1].lastMessageAt).toBeNull();
  });

  it('keeps member B out of member A’s topic: list, read, post, mark read (404, nothing written)', async () => {
    const a = await burnMember();
    const b = await burnMember();
    const topic = await openTopic(a.cookie);
    await t.request(`/api/coaching/topics/${topic.id}/messages`, {
      cookie: a.cookie,
      json: { message: 'Mine' },
    });

    const listB = await json(await t.request('/api/coaching/topics', { cookie: b.cookie }));
    expect(listB.topics).toEqual([]);
    const read = await t.request(`/api/coaching/topics/${topic.id}`, { cookie: b.cookie });
    expect(read.status).toBe(404);
    const post = await t.request(`/api/coaching/topics/${topic.id}/messages`, {
      cookie: b.cookie,
      json: { message: 'Not yours' },
    });
    expect(post.status).toBe(404);
    const mark = await t.request(`/api/coaching/topics/${topic.id}/read`, {
      method: 'POST',
      cookie: b.cookie,
    });
    expect(mark.status).toBe(404);
    expect((await countRows(topic.id)).messages).toBe(1);
    const malformed = await t.request('/api/coaching/topics/not-a-uuid', { cookie: a.cookie });
    expect(malformed.status).toBe(400);
  });
});

describe('read flags (spec §4)', () => {
  it('moves exactly as the spec says, in both directions', async () => {
    const member = await burnMember();
    const topic = await openTopic(member.cookie);
    const path = `/api/coaching/topics/${topic.id}`;
    await t.request(`${path}/messages`, { cookie: member.cookie, json: { message: 'First question' } });
    tick();
    await t.request(`${path}/messages`, { cookie: member.cookie, json: { message: 'Second question' } });

    // The member's own messages are read by the member as they are sent…
    const rows = await t.db.select().from(discussionMessages).where(eq(discussionMessages.topicId, topic.id));
    expect(rows.every((row) => row.readByUser && !row.readByCoach)).toBe(true);
    // …and unread for the coach, who sees the count.
    const coachTopic = async () =>
      (await json(await t.request('/api/admin/coaching/topics', { cookie: coach }))).topics.find(
        (x: { id: string }) => x.id === topic.id,
      );
    expect(await coachTopic()).toMatchObject({ unreadCount: 2, hasNewMessages: true });

    // Opening the conversation alone does not mark; the coach's read call does.
    expect((await t.request(`/api/admin/coaching/topics/${topic.id}`, { cookie: coach })).status).toBe(200);
    expect((await coachTopic()).unreadCount).toBe(2);
    const marked = await t.request(`/api/admin/coaching/topics/${topic.id}/read`, {
      method: 'POST',
      cookie: coach,
    });
    expect(await json(marked)).toEqual({ marked: 2 });
    expect((await coachTopic()).unreadCount).toBe(0);

    // A coach reply stays unread for the member until the member opens the topic.
    tick();
    await t.request(`/api/admin/coaching/topics/${topic.id}/replies`, {
      cookie: coach,
      json: { message: 'Answer' },
    });
    const [reply] = await t.db
      .select()
      .from(discussionMessages)
      .where(and(eq(discussionMessages.topicId, topic.id), eq(discussionMessages.isCoachReply, true)));
    expect(reply).toMatchObject({ readByUser: false, readByCoach: true });
    const memberTopic = async () =>
      (await json(await t.request('/api/coaching/topics', { cookie: member.cookie }))).topics[0];
    expect(await memberTopic()).toMatchObject({ unreadCount: 1, hasNewMessages: true });
    expect((await coachTopic()).unreadCount).toBe(0); // coach replies never count for the coach

    const opened = await t.request(`${path}/read`, { method: 'POST', cookie: member.cookie });
    expect(await json(opened)).toEqual({ marked: 1 });
    expect(await memberTopic()).toMatchObject({ unreadCount: 0, hasNewMessages: false });
    const conversation = await json(await t.request(path, { cookie: member.cookie }));
    expect(conversation.messages.map((m: { message: string }) => m.message)).toEqual([
      'First question',
      'Second question',
      'Answer',
    ]);
  });
});

describe('the coach', () => {
  it('sees every member’s topic with the member’s name, replies, archives, and cannot reply when archived', async () => {
    const member = await burnMember();
    const topic = await openTopic(member.cookie, 'Archive me');
    const active = await json(await t.request('/api/admin/coaching/topics', { cookie: coach }));
    const listed = active.topics.find((x: { id: string }) => x.id === topic.id);
    expect(listed.userName).toBe(member.email); // no name given yet: the e-mail stands in

    const archive = await t.request(`/api/admin/coaching/topics/${topic.id}`, {
      method: 'PATCH',
      cookie: coach,
      json: { isArchived: true },
    });
    expect(archive.status).toBe(200);
    const archived = await json(
      await t.request('/api/admin/coaching/topics?archived=true', { cookie: coach }),
    );
    expect(archived.topics.map((x: { id: string }) => x.id)).toContain(topic.id);
    const activeNow = await json(await t.request('/api/admin/coaching/topics', { cookie: coach }));
    expect(activeNow.topics.map((x: { id: string }) => x.id)).not.toContain(topic.id);

    const before = await countRows(topic.id);
    const refused = await t.request(`/api/admin/coaching/topics/${topic.id}/replies`, {
      cookie: coach,
      json: { message: 'Too late' },
    });
    expect(refused.status).toBe(409);
    expect(await countRows(topic.id)).toEqual(before);

    const restore = await t.request(`/api/admin/coaching/topics/${topic.id}`, {
      method: 'PATCH',
      cookie: coach,
      json: { isArchived: false },
    });
    expect(restore.status).toBe(200);
    const reply = await t.request(`/api/admin/coaching/topics/${topic.id}/replies`, {
      cookie: coach,
      json: { message: '  Back again  ' },
    });
    expect(reply.status).toBe(201);
    expect((await json(reply)).message).toMatchObject({ message: 'Back again', isCoachReply: true });
  });

  it('gets an archived conversation back in Active when the member writes in it', async () => {
    const member = await burnMember();
    const topic = await openTopic(member.cookie);
    await t.request(`/api/admin/coaching/topics/${topic.id}`, {
      method: 'PATCH',
      cookie: coach,
      json: { isArchived: true },
    });
    await t.request(`/api/coaching/topics/${topic.id}/messages`, {
      cookie: member.cookie,
      json: { message: 'Still there?' },
    });
    const [row] = await t.db.select().from(discussionTopics).where(eq(discussionTopics.id, topic.id));
    expect(row!.isArchived).toBe(false);
  });

  it('answers 404 for a topic that does not exist and 400 for a bad archive body', async () => {
    const missing = '00000000-0000-4000-8000-000000000009';
    expect((await t.request(`/api/admin/coaching/topics/${missing}`, { cookie: coach })).status).toBe(404);
    const reply = await t.request(`/api/admin/coaching/topics/${missing}/replies`, {
      cookie: coach,
      json: { message: 'x' },
    });
    expect(reply.status).toBe(404);
    const member = await burnMember();
    const topic = await openTopic(member.cookie);
    const bad = await t.request(`/api/admin/coaching/topics/${topic.id}`, {
      method: 'PATCH',
      cookie: coach,
      json: { isArchived: 'yes' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('throttle (issue 15)', () => {
  const post = (app: TestApp, cookie: string, topicId: string, message: string) =>
    app.request(`/api/coaching/topics/${topicId}/messages`, { cookie, json: { message } });

  it('lets exactly 10 of 30 concurrent messages through, then 429 with Retry-After, and writes none of the rest', async () => {
    const member = await burnMember();
    const topic = await openTopic(member.cookie);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(t, member.cookie, topic.id, `Flood ${i}`)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const refused = answers.find((res) => res.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await json(refused)).error).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await countRows(topic.id)).messages).toBe(10);

    // Another member and the coach are not held back by it.
    const other = await burnMember();
    const otherTopic = await openTopic(other.cookie);
    expect((await post(t, other.cookie, otherTopic.id, 'Hello')).status).toBe(201);
    const reply = await t.request(`/api/admin/coaching/topics/${topic.id}/replies`, {
      cookie: coach,
      json: { message: 'Slow down a little' },
    });
    expect(reply.status).toBe(201);

    // A minute later the member may write again.
    tick(61_000);
    expect((await post(t, member.cookie, topic.id, 'Sorry')).status).toBe(201);
  });

  it('is kept in the database, so a second server instance on it refuses too', async () => {
    const member = await burnMember();
    const topic = await openTopic(member.cookie);
    for (let i = 0; i < 10; i++) expect((await post(t, member.cookie, topic.id, `m${i}`)).status).toBe(201);
    const second = await createTestApp({
      database: t.database,
      seed: false,
      now: () => clock,
      env: { DATA_DIR: t.config.dataDir }, // the same deployment: the same auth secret
    });
    expect((await post(second, member.cookie, topic.id, 'through the other instance')).status).toBe(429);
  });

  it('holds a member to 200 messages a day and 10 new topics an hour', async () => {
    const member = await burnMember();
    const topic = await openTopic(member.cookie);
    let sent = 0;
    for (let minute = 0; minute < 21; minute++) {
      for (let i = 0; i < 10; i++) if ((await post(t, member.cookie, topic.id, 'x')).status === 201) sent++;
      tick(61_000);
    }
    expect(sent).toBe(200);
    for (let i = 0; i < 9; i++) await openTopic(member.cookie); // the tenth topic of this hour
    const eleventh = await t.request('/api/coaching/topics', {
      cookie: member.cookie,
      json: { title: 'One more' },
    });
    expect(eleventh.status).toBe(429);
  });
});
