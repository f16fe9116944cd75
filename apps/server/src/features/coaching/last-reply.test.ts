import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { burnMember, openTopic } from '../../testing/coaching.ts';
import { createTestApp, signInAdmin, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let coach: string;
let clock = new Date('2026-11-22T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  coach = await signInAdmin(t);
});
afterAll(() => t.close());

const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
};

const topicsOf = async (cookie: string) =>
  (await (await t.client(cookie).coaching.topics.$get()).json()).topics;

describe("the member's topics carry each one's latest coach reply (the home's coach card)", () => {
  it('is null without a reply, then the newest reply, unread until the member opens the topic', async () => {
    const member = await burnMember(t);
    const topic = await openTopic(t, member.cookie);
    const param = { topicId: topic.id };
    expect((await topicsOf(member.cookie))[0]?.lastReply).toBeNull();

    await t
      .client(coach)
      .admin.coaching.topics[':topicId'].replies.$post({ param, json: { message: 'First' } });
    tick();
    await t.client(coach).admin.coaching.topics[':topicId'].replies.$post({
      param,
      json: { message: 'Keep your ribs down on the Dead Bug.' },
    });
    tick();
    // The member's own later message is not the coach's reply.
    await t
      .client(member.cookie)
      .coaching.topics[':topicId'].messages.$post({ param, json: { message: 'Thanks!' } });

    const [withReply] = await topicsOf(member.cookie);
    expect(withReply?.lastReply).toEqual({
      message: 'Keep your ribs down on the Dead Bug.',
      at: '2026-11-22T10:01:00.000Z',
      isRead: false,
      hasAttachment: false,
    });

    await t.client(member.cookie).coaching.topics[':topicId'].read.$post({ param });
    expect((await topicsOf(member.cookie))[0]?.lastReply?.isRead).toBe(true);
  });
});
