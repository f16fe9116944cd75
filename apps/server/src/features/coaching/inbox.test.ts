import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussionTopics, profiles } from '../../platform/db/schema.ts';
import { burnMember, openTopic } from '../../testing/coaching.ts';
import { createTestApp, json, signInAdmin, type TestApp } from '../../testing/harness.ts';
import { assign, staffMember } from '../../testing/team.ts';
import { countOverdueByCoach } from '../team/service.ts';

// The coach's inbox: its three views in their order with each wait, search, paging past the old
// cap of 500, the scope of a coach, and the navigation's unread count.
let t: TestApp;
let clock = new Date('2026-12-01T08:00:00Z');
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await signInAdmin(t);
});
afterAll(() => t.close());

const inbox = async (cookie: string, query: Record<string, string> = {}) => {
  const res = await t.request(`/api/admin/coaching/topics?${new URLSearchParams(query)}`, { cookie });
  expect(res.status).toBe(200);
  return json(res);
};
const titles = (list: { topics: { title: string }[] }) => list.topics.map((topic) => topic.title);
const write = (cookie: string, topicId: string, message: string) =>
  t.request(`/api/coaching/topics/${topicId}/messages`, { cookie, json: { message } });
const reply = (cookie: string, topicId: string, message: string) =>
  t.request(`/api/admin/coaching/topics/${topicId}/replies`, { cookie, json: { message } });

describe('the inbox of a coach', () => {
  let coach: Awaited<ReturnType<typeof staffMember>>;
  let other: Awaited<ReturnType<typeof staffMember>>;
  const topics: Record<string, string> = {};
  beforeAll(async () => {
    coach = await staffMember(t);
    other = await staffMember(t);
    const ann = await burnMember(t);
    const bob = await burnMember(t);
    const cat = await burnMember(t);
    await t.db
      .update(profiles)
      .set({ firstName: 'Ann', lastName: 'Archer', displayName: 'Annie' })
      .where(eq(profiles.userId, ann.userId));
    for (const m of [ann, bob]) await assign(t, m.userId, coach.userId);
    await assign(t, cat.userId, other.userId);
    // 08:00 Ann opens a topic (awaiting since 08:00); 09:00 Bob opens one; 10:00 the coach answers
    // Ann; 11:00 Ann writes again (awaiting since 11:00); 12:00 Cat (another coach's) opens one.
    topics.ann = (await openTopic(t, ann.cookie, 'Ann knees')).id;
    later(60);
    topics.bob = (await openTopic(t, bob.cookie, 'Bob sleep')).id;
    expect((await write(bob.cookie, topics.bob, 'I sleep badly after day 3')).status).toBe(201);
    later(60);
    expect((await reply(coach.cookie, topics.ann, 'Ice and rest')).status).toBe(201);
    later(60);
    expect((await write(ann.cookie, topics.ann, 'Still sore')).status).toBe(201);
    expect((await write(ann.cookie, topics.ann, 'And swollen')).status).toBe(201);
    later(60);
    topics.cat = (await openTopic(t, cat.cookie, 'Cat diet')).id;
    later(30);
  });

  it('"Awaiting reply" lists the conversations whose member spoke last, the longest wait first, with the wait', async () => {
    const awaiting = await inbox(coach.cookie, { view: 'awaiting' });
    expect(titles(awaiting)).toEqual(['Bob sleep', 'Ann knees']);
    expect(awaiting.topics.map((topic: { waitingMs: number }) => topic.waitingMs / 60_000)).toEqual([
      210, 90,
    ]);
    expect(awaiting.topics[1]).toMatchObject({ userName: 'Ann Archer', unreadCount: 2 });
    // The coach answers Bob: he leaves "Awaiting reply" and stays in "All".
    expect((await reply(coach.cookie, topics.bob!, 'Try the evening stretch')).status).toBe(201);
    expect(titles(await inbox(coach.cookie, { view: 'awaiting' }))).toEqual(['Ann knees']);
    expect(titles(await inbox(coach.cookie, { view: 'all' }))).toEqual(['Bob sleep', 'Ann knees']);
  });

  it('"Archived" (and the older archived=true) hold archived ones; a member writing brings one back', async () => {
    const archive = await t.request(`/api/admin/coaching/topics/${topics.bob}`, {
      method: 'PATCH',
      cookie: coach.cookie,
      json: { isArchived: true },
    });
    expect(archive.status).toBe(200);
    expect(titles(await inbox(coach.cookie, { view: 'archived' }))).toEqual(['Bob sleep']);
    expect(titles(await inbox(coach.cookie, { archived: 'true' }))).toEqual(['Bob sleep']);
    expect(titles(await inbox(coach.cookie, { archived: 'false' }))).toEqual(['Ann knees']);
    expect(titles(await inbox(coach.cookie))).toEqual(['Ann knees']);
  });

  it('a coach sees only their members; the owner sees everyone, with each coach’s name', async () => {
    expect(titles(await inbox(other.cookie, { view: 'awaiting' }))).toEqual(['Cat diet']);
    const all = await inbox(owner, { view: 'awaiting' });
    expect(titles(all)).toEqual(expect.arrayContaining(['Ann knees', 'Cat diet']));
    const ann = all.topics.find((topic: { title: string }) => topic.title === 'Ann knees');
    expect(ann.coachId).toBe(coach.userId);
    expect(ann.coachName).toBe('Test Coach'); // the coach profile's name
  });

  it('searches by member name, e-mail and message text, within the scope', async () => {
    expect(titles(await inbox(coach.cookie, { view: 'all', q: 'archer' }))).toEqual(['Ann knees']);
    // A member is found by the name they show in the app too, not only the one the inbox prints.
    expect(titles(await inbox(coach.cookie, { view: 'all', q: 'annie' }))).toEqual(['Ann knees']);
    expect(titles(await inbox(coach.cookie, { view: 'all', q: 'KNEES' }))).toEqual(['Ann knees']);
    expect(titles(await inbox(coach.cookie, { view: 'archived', q: 'badly after' }))).toEqual(['Bob sleep']);
    expect(titles(await inbox(coach.cookie, { view: 'all', q: 'swollen' }))).toEqual(['Ann knees']);
    expect(titles(await inbox(coach.cookie, { view: 'all', q: 'Cat diet' }))).toEqual([]);
    expect(titles(await inbox(coach.cookie, { view: 'all', q: '100%' }))).toEqual([]);
  });

  it('counts conversations with a member’s message no coach opened, per scope', async () => {
    const count = async (cookie: string) =>
      (await json(await t.request('/api/admin/coaching/unread', { cookie }))).unread;
    expect(await count(coach.cookie)).toBe(1); // Ann (Bob's is archived)
    expect(await count(other.cookie)).toBe(0); // Cat opened a topic without a message yet
    await t.request(`/api/admin/coaching/topics/${topics.ann}/read`, {
      method: 'POST',
      cookie: coach.cookie,
    });
    expect(await count(coach.cookie)).toBe(0);
  });
});

describe('paging', () => {
  it('reads every conversation, past the 500 the list once stopped at, in pages', async () => {
    const coach = await staffMember(t);
    const member = await burnMember(t);
    await assign(t, member.userId, coach.userId);
    const base = clock.getTime() - 600 * 60_000;
    await t.db.insert(discussionTopics).values(
      Array.from({ length: 520 }, (_, i) => ({
        userId: member.userId,
        title: `Topic ${String(i).padStart(3, '0')}`,
        createdAt: new Date(base + i * 60_000),
        updatedAt: new Date(base + i * 60_000),
        awaitingSince: new Date(base + i * 60_000),
      })),
    );
    const first = await inbox(coach.cookie, { view: 'awaiting' });
    expect(first).toMatchObject({ total: 520, pageCount: 11, pageSize: 50 });
    expect(titles(first)[0]).toBe('Topic 000');
    const last = await inbox(coach.cookie, { view: 'awaiting', page: '11' });
    expect(titles(last)).toEqual(Array.from({ length: 20 }, (_, i) => `Topic ${500 + i}`));
    const all = await inbox(coach.cookie, { view: 'all', page: '11' });
    expect(titles(all).at(-1)).toBe('Topic 000');
    // Gone again: their long waits would fill every "needs attention" list below.
    await t.db.delete(discussionTopics).where(eq(discussionTopics.userId, member.userId));
  });
});

describe('needs attention: a conversation waiting past the reply target', () => {
  it('shows on its coach’s and the owner’s lists after COACH_REPLY_TARGET_HOURS, and counts per coach', async () => {
    expect(t.config.coachReplyTargetHours).toBe(24);
    const coach = await staffMember(t);
    const other = await staffMember(t);
    const member = await burnMember(t);
    await assign(t, member.userId, coach.userId);
    const topic = await openTopic(t, member.cookie, 'Waiting for the coach');
    const attention = async (cookie: string) =>
      (await json(await t.request('/api/admin/attention', { cookie }))).attention as {
        topicId: string | null;
        awaitingSince: string | null;
      }[];
    const listed = async (cookie: string) => (await attention(cookie)).some((a) => a.topicId === topic.id);
    const overdueOf = async () =>
      (await countOverdueByCoach({ db: t.db, now: () => clock, config: t.config })).get(coach.userId) ?? 0;

    later(23 * 60);
    expect(await listed(coach.cookie)).toBe(false);
    expect(await overdueOf()).toBe(0);
    later(2 * 60);
    expect(await listed(coach.cookie)).toBe(true);
    expect(await listed(other.cookie)).toBe(false);
    expect(await listed(owner)).toBe(true);
    const dashboard = await json(await t.request('/api/admin/dashboard', { cookie: owner }));
    expect(dashboard.attention.some((a: { topicId: string | null }) => a.topicId === topic.id)).toBe(true);
    expect(await overdueOf()).toBe(1);

    // Answered, it needs nothing more.
    expect((await reply(coach.cookie, topic.id, 'Sorry for the wait')).status).toBe(201);
    expect(await listed(coach.cookie)).toBe(false);
    expect(await overdueOf()).toBe(0);
  });
});
