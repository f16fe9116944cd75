import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussionMessages } from '../../platform/db/schema.ts';
import { burnMember, openTopic } from '../../testing/coaching.ts';
import { createTestApp, json, signInAdmin, type TestApp } from '../../testing/harness.ts';

// A member's messages and new topics are limited (guard.ts MEMBER_LIMITS), in the
// database, so every server instance holds them; a text message takes its limits in the statement
// that writes it (messages.ts).

let t: TestApp;
let coach: string;
let clock = new Date('2026-11-22T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  coach = await signInAdmin(t);
});
afterAll(() => t.close());

const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const messagesIn = async (topicId: string) =>
  (await t.db.select().from(discussionMessages).where(eq(discussionMessages.topicId, topicId))).length;

describe('throttle', () => {
  // Plain requests: the typed client knows only the 201 the route answers, not the guard's 429.
  const post = (app: TestApp, cookie: string, topicId: string, message: string) =>
    app.request(`/api/coaching/topics/${topicId}/messages`, { cookie, json: { message } });

  it('lets exactly 10 of 30 concurrent messages through, then 429 with Retry-After, and writes none of the rest', async () => {
    const member = await burnMember(t);
    const topic = await openTopic(t, member.cookie);
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
    expect(await messagesIn(topic.id)).toBe(10);

    // Another member and the coach are not held back by it.
    const other = await burnMember(t);
    const otherTopic = await openTopic(t, other.cookie);
    expect((await post(t, other.cookie, otherTopic.id, 'Hello')).status).toBe(201);
    const reply = await t.client(coach).admin.coaching.topics[':topicId'].replies.$post({
      param: { topicId: topic.id },
      json: { message: 'Slow down a little' },
    });
    expect(reply.status).toBe(201);

    // A minute later the member may write again.
    tick(61_000);
    expect((await post(t, member.cookie, topic.id, 'Sorry')).status).toBe(201);
  });

  it("counts a message to a topic that is not the member's (404) against the limit, as before the write took it", async () => {
    const member = await burnMember(t);
    const own = await openTopic(t, member.cookie);
    const other = await burnMember(t);
    const othersTopic = await openTopic(t, other.cookie);
    for (let i = 0; i < 10; i++)
      expect((await post(t, member.cookie, othersTopic.id, `probe ${i}`)).status).toBe(404);
    const refused = await post(t, member.cookie, own.id, 'now my own');
    expect(refused.status).toBe(429);
    expect(await messagesIn(own.id)).toBe(0);
    expect(await messagesIn(othersTopic.id)).toBe(0);
  });

  it('is kept in the database, so a second server instance on it refuses too', async () => {
    const member = await burnMember(t);
    const topic = await openTopic(t, member.cookie);
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
    const member = await burnMember(t);
    const topic = await openTopic(t, member.cookie);
    let sent = 0;
    for (let minute = 0; minute < 21; minute++) {
      // Two more than the minute allows: refused by the minute limit, they do not count for the day.
      for (let i = 0; i < 12; i++) if ((await post(t, member.cookie, topic.id, 'x')).status === 201) sent++;
      tick(61_000);
    }
    expect(sent).toBe(200);
    // Refused by the day's limit now, the member is told to wait hours, not the minute's seconds.
    const refused = await post(t, member.cookie, topic.id, 'one more');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect((await json(refused)).error.message).toMatch(/Please wait \d+ hours/);
    for (let i = 0; i < 9; i++) await openTopic(t, member.cookie); // the tenth topic of this hour
    const eleventh = await t.client(member.cookie).coaching.topics.$post({ json: { title: 'One more' } });
    expect(eleventh.status).toBe(429);
  });
});
