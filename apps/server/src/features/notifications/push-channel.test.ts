import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { discussionMessages, discussionTopics, mailOutbox, profiles } from '../../platform/db/schema.ts';
import { createWebPush } from '../../platform/push/push.ts';
import { UNREAD_MAIL_QUEUE } from '../../testing/coaching.ts';
import { createMember, createTestApp, givePaidTier, json, type TestApp } from '../../testing/harness.ts';
import { startPushService } from '../../testing/push-service.ts';
import { DUE_QUEUE } from '../../testing/reminders.ts';

// A member who chose push for a kind gets that notification on their devices instead of
// the e-mail; without a device, the e-mail goes as before.

let clock = new Date('2026-07-15T14:01:00Z'); // 07:01 in Los Angeles
let t: TestApp;
let service: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  service = await startPushService();
  const push = createWebPush({
    keys: webpush.generateVAPIDKeys(),
    subject: 'mailto:support@core28.app',
    extraHosts: [service.host],
    agent: service.agent,
  });
  t = await createTestApp({ push, now: () => clock });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

/** A member on day 3 in Los Angeles with the 07:00 reminder, push chosen for it or not. */
async function member({ push, device, email = true }: { push: boolean; device: boolean; email?: boolean }) {
  const m = await createMember(t);
  await t.db
    .update(profiles)
    .set({
      registrationDate: new Date('2026-07-13T16:00:00Z'),
      timeZone: 'America/Los_Angeles',
      reminderTime: '07:00',
    })
    .where(eq(profiles.userId, m.userId));
  const put = await t.request('/api/notifications', {
    method: 'PUT',
    cookie: m.cookie,
    json: { push: { 'workout-reminder': push }, email: { 'workout-reminder': email } },
  });
  expect(put.status).toBe(200);
  const browser = device ? service.subscribe() : null;
  if (browser)
    expect((await t.request('/api/push/subscriptions', { cookie: m.cookie, json: browser })).status).toBe(
      200,
    );
  return { ...m, endpoint: browser?.endpoint ?? null };
}

const remindersMailedTo = (emails: string[]) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.to, emails), sql`${mailOutbox.meta}->>'kind' = 'workout-reminder'`));

describe('the push channel', () => {
  it('is off by default and saved per kind beside the e-mail switch', async () => {
    const m = await createMember(t);
    const before = await json(await t.request('/api/notifications', { cookie: m.cookie }));
    expect(before.push).toEqual({
      'workout-reminder': false,
      'streak-at-risk': false,
      'weekly-summary': false,
      'round-finished': false,
      coaching: false,
    });
    const put = await t.request('/api/notifications', {
      method: 'PUT',
      cookie: m.cookie,
      json: { push: { coaching: true } },
    });
    const after = await json(put);
    expect(after.push.coaching).toBe(true);
    expect(after.email.coaching).toBe(true);
    // Not a kind that can go as push: refused, nothing saved.
    const refused = await t.request('/api/notifications', {
      method: 'PUT',
      cookie: m.cookie,
      json: { push: { 'payment-failed': true } },
    });
    expect(refused.status).toBe(400);
  });

  it('sends the reminder as push to a member who chose it and has a device, else the e-mail', async () => {
    const pushed = await member({ push: true, device: true });
    const noDevice = await member({ push: true, device: false });
    const emailOnly = await member({ push: false, device: true });
    const before = service.received.length;

    await t.jobs.enqueue(DUE_QUEUE, {});
    await t.drainJobs();
    clock = new Date('2026-07-15T14:02:00Z'); // the next tick, still in the window: nothing twice
    await t.jobs.enqueue(DUE_QUEUE, {});
    await t.drainJobs();

    const got = service.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.path).toBe(new URL(pushed.endpoint!).pathname);
    expect(got[0]!.message).toMatchObject({
      title: expect.stringMatching(/^Day 3: /),
      url: '/program/day/3/session',
    });
    expect(await remindersMailedTo([pushed.email])).toHaveLength(0);
    expect(await remindersMailedTo([noDevice.email])).toHaveLength(1);
    expect(await remindersMailedTo([emailOnly.email])).toHaveLength(1);
  });

  it("sends a coach's unread reply as push to a member who chose it for coaching, else the e-mail", async () => {
    const withPush = async (device: boolean) => {
      const m = await createMember(t);
      await givePaidTier(t, m, '1-on-1 Burn'); // coach replies come with coaching
      const put = await t.request('/api/notifications', {
        method: 'PUT',
        cookie: m.cookie,
        json: { push: { coaching: true } },
      });
      expect(put.status).toBe(200);
      const browser = device ? service.subscribe() : null;
      if (browser) await t.request('/api/push/subscriptions', { cookie: m.cookie, json: browser });
      // a topic with a coach reply the member has not read for an hour
      const [topic] = await t.db
        .insert(discussionTopics)
        .values({ userId: m.userId, title: 'Lower back' })
        .returning({ id: discussionTopics.id });
      await t.db.insert(discussionMessages).values({
        topicId: topic!.id,
        userId: m.userId,
        message: 'Keep the knees bent.',
        isCoachReply: true,
        readByCoach: true,
        createdAt: new Date(clock.getTime() - 3_600_000),
      });
      return { ...m, topicId: topic!.id, endpoint: browser?.endpoint ?? null };
    };
    const pushed = await withPush(true);
    const noDevice = await withPush(false);
    const before = service.received.length;

    await t.jobs.enqueue(UNREAD_MAIL_QUEUE, {}); // the schedule's job (coaching/unread-mail.ts)
    await t.drainJobs();

    const got = service.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.path).toBe(new URL(pushed.endpoint!).pathname);
    expect(got[0]!.message).toMatchObject({
      title: 'Your coach replied: Lower back',
      url: expect.stringMatching(new RegExp(`/one-on-one\\?topic=${pushed.topicId}$`)),
    });
    const repliesMailedTo = (email: string) =>
      t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), sql`${mailOutbox.meta}->>'kind' = 'coach-reply-unread'`));
    expect(await repliesMailedTo(pushed.email)).toHaveLength(0);
    expect(await repliesMailedTo(noDevice.email)).toHaveLength(1);
  });

  it('sends the push a member chose even with the e-mail switch off: the kind is off only when both are', async () => {
    clock = new Date('2026-07-16T14:01:00Z'); // 07:01 on day 4 in Los Angeles
    const pushOnly = await member({ push: true, device: true, email: false });
    const noDevice = await member({ push: true, device: false, email: false });
    const neither = await member({ push: false, device: true, email: false });
    const before = service.received.length;
    await t.jobs.enqueue(DUE_QUEUE, {});
    await t.drainJobs();
    // The earlier test's members are due too (their day 4): only these three are looked at.
    const paths = [pushOnly, neither].map((m) => new URL(m.endpoint!).pathname);
    const got = service.received.slice(before).filter((push) => paths.includes(push.path));
    expect(got.map((push) => push.path)).toEqual([paths[0]]);
    expect(got[0]!.message).toMatchObject({ title: expect.stringMatching(/^Day 4: /) });
    expect(await remindersMailedTo([pushOnly.email, noDevice.email, neither.email])).toHaveLength(0);
  });
});
