import type { NewsPage } from '@core28/core/news';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, profiles } from '../../platform/db/schema.ts';
import { burnMember, openTopic, UNREAD_MAIL_QUEUE } from '../../testing/coaching.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';
import { connect, replyThrough } from '../../testing/live.ts';

// "What is new": the items of a coach's reply and of the program (the plan's: subscription-mail.test.ts), read state, a member's own
// items only, and the live event when a coach replies.

const DAY = 86_400_000;
const NOW = new Date('2026-12-30T15:00:00Z');
let clock = NOW;
let t: TestApp;
let server: Awaited<ReturnType<TestApp['listen']>>;
let coach: string;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  server = await t.listen();
  coach = await signInAdmin(t);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

type Member = { cookie: string; userId: string; email: string };
const news = async (m: Member, query = ''): Promise<NewsPage> =>
  json(await t.request(`/api/news${query}`, { cookie: m.cookie }));
const read = (m: Member, upTo: string) => t.request('/api/news/read', { cookie: m.cookie, json: { upTo } });
/** A coach's reply, a second after the last thing that happened. */
const reply = (topicId: string, message: string) => {
  clock = new Date(clock.getTime() + 1000);
  return replyThrough(server.port, coach, topicId, message);
};

describe("a coach's reply", () => {
  it('is an item of its member only, counted as a coach reply, read up to an id, idempotently', async () => {
    const member = await burnMember(t);
    const other = await burnMember(t);
    const topic = await openTopic(t, member.cookie);
    await reply(topic.id, 'Keep your  lower back flat\non the floor.');
    await reply(topic.id, 'And breathe out on the way up.');
    const page = await news(member);
    expect(page).toMatchObject({ unread: 2, coachUnread: 2, nextBefore: null });
    expect(page.items.map((i) => i.body)).toEqual([
      'And breathe out on the way up.',
      'Keep your lower back flat on the floor.',
    ]);
    expect(page.items[0]).toMatchObject({
      kind: 'coach-reply',
      title: 'Your coach replied',
      url: `/one-on-one?topic=${topic.id}`,
      isRead: false,
    });
    expect(await news(other)).toMatchObject({ items: [], unread: 0, coachUnread: 0 });

    // Another member's id marks nothing of anyone's.
    expect(await json(await read(other, page.items[0]!.id))).toEqual({ unread: 0, coachUnread: 0 });
    expect((await news(member)).unread).toBe(2);
    // Up to the older one: only it; then all; then again, harmless.
    expect(await json(await read(member, page.items[1]!.id))).toEqual({ unread: 1, coachUnread: 1 });
    expect(await json(await read(member, page.items[0]!.id))).toEqual({ unread: 0, coachUnread: 0 });
    expect((await read(member, page.items[0]!.id)).status).toBe(200);
    expect((await news(member)).items.every((i) => i.isRead)).toBe(true);
  });

  it('pages newest first', async () => {
    const member = await burnMember(t);
    const topic = await openTopic(t, member.cookie);
    for (const n of [1, 2, 3]) await reply(topic.id, `Reply ${n}`);
    const first = await news(member, '?limit=2');
    expect(first.items.map((i) => i.body)).toEqual(['Reply 3', 'Reply 2']);
    const second = await news(member, `?limit=2&before=${first.nextBefore}`);
    expect(second.items.map((i) => i.body)).toEqual(['Reply 1']);
    expect(second.nextBefore).toBeNull();
  });

  it('is read when the conversation is; read in the list only, the unread-coaching mail still goes', async () => {
    const member = await burnMember(t);
    const topic = await openTopic(t, member.cookie, 'Knees');
    await reply(topic.id, 'Bend them a little more.');
    const [item] = (await news(member)).items;
    await read(member, item!.id);
    clock = new Date(clock.getTime() + 60 * 60_000);
    await t.jobs.enqueue(UNREAD_MAIL_QUEUE, {});
    await t.drainJobs();
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, member.email), eq(mailOutbox.subject, 'Your coach replied: Knees')));
    expect(mails).toHaveLength(1);

    await reply(topic.id, 'And slow down.');
    expect((await news(member)).coachUnread).toBe(1);
    const res = await t.request(`/api/coaching/topics/${topic.id}/read`, { cookie: member.cookie, json: {} });
    expect(res.status).toBe(200);
    expect(await news(member)).toMatchObject({ unread: 0, coachUnread: 0 });
  });

  it("reaches the member's open socket as a news event, and no one else's", async () => {
    const member = await burnMember(t);
    const other = await burnMember(t);
    const topic = await openTopic(t, member.cookie);
    const live = await connect(server.port, member.cookie);
    const elsewhere = await connect(server.port, other.cookie);
    await reply(topic.id, 'Live now.');
    await live.next((e) => e.type === 'news');
    await new Promise((r) => setTimeout(r, 200));
    expect(elsewhere.events.some((e) => e.type === 'news')).toBe(false);
    live.ws.close();
    elsewhere.ws.close();
  });
});

describe('the program and the plan', () => {
  it('an achievement and a finished round, each once', async () => {
    clock = NOW;
    const member = await createMember(t);
    await t.db
      .update(profiles)
      .set({ registrationDate: new Date(NOW.getTime() - 27 * DAY) })
      .where(eq(profiles.userId, member.userId));
    await givePaidTier(t, member, 'The Daily Core');
    for (let day = 1; day <= 28; day++) {
      const res = await t.request(`/api/program/days/${day}/finish`, {
        cookie: member.cookie,
        json: { totalSeconds: 600, reps: 20 },
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(res.status, `day ${day}`).toBe(200);
    }
    const titles = (await news(member, '?limit=50')).items.map((i) => i.title);
    expect(titles.filter((x) => x === 'Achievement earned: Perfect Week')).toHaveLength(4);
    expect(titles.filter((x) => x === 'Achievement earned: Core Warrior')).toHaveLength(4);
    expect(titles.filter((x) => x === 'Achievement earned: Consistency King')).toHaveLength(1);
    expect(titles.filter((x) => x === 'Round 1 finished')).toHaveLength(1);
    expect(titles[0]).toBe('Round 1 finished');
  });
});
