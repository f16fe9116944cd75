import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coachProfiles,
  discussionMessages,
  mailOutbox,
  profiles,
  userRoles,
} from '../../platform/db/schema.ts';
import { UNREAD_MAIL_QUEUE } from '../../testing/coaching.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';
import { DUE_QUEUE } from '../../testing/reminders.ts';

// One-click unsubscribe (RFC 8058) signed out, and the coaching mails after the delay.

let clock = new Date('2026-07-15T07:00:30Z');
let t: TestApp;
beforeAll(async () => {
  // NOTIFY_UNREAD_AFTER_MINUTES is not set: the coaching mails below wait its default, 10 minutes.
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const kindOf = (kind: string) => sql`${mailOutbox.meta}->>'kind' = ${kind}`;

describe('one-click unsubscribe', () => {
  it('works signed out and from another site, turns off only that kind, and refuses a forged token', async () => {
    const m = await createMember(t);
    await t.db
      .update(profiles)
      .set({ registrationDate: new Date('2026-07-14T06:00:00Z'), timeZone: 'UTC' })
      .where(eq(profiles.userId, m.userId));
    await t.jobs.enqueue(DUE_QUEUE, {});
    const mail = await t.lastMail(m.email);
    expect(mail?.meta.kind).toBe('workout-reminder');
    const oneClick = new URL(mail?.listUnsubscribe ?? '');
    const token = oneClick.searchParams.get('token') ?? '';
    // The page behind the visible link says what it is about before anything changes.
    const page = await json(await t.request(`/api/notifications/unsubscribe?token=${token}`));
    expect(page).toEqual({ kind: 'workout-reminder', title: 'Workout reminder', isOn: true });

    // As a mail client sends it: no cookie, a form body, and (webmail) another site's origin.
    const res = await t.app.request(oneClick.pathname + oneClick.search, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
        'sec-fetch-site': 'cross-site',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const settings = await json(await t.request('/api/notifications', { cookie: m.cookie }));
    expect(settings.email['workout-reminder']).toBe(false);
    expect(settings.email['streak-at-risk']).toBe(true);
    expect(settings.email.coaching).toBe(true);

    // The exemption is that one route: any other write from another site is still refused.
    const other = await t.request('/api/notifications', {
      method: 'PUT',
      cookie: m.cookie,
      headers: { origin: 'https://mail.example.net' },
      json: { email: { coaching: false } },
    });
    expect(other.status).toBe(403);

    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    const refused = await t.request(`/api/notifications/unsubscribe?token=${forged}`, { method: 'POST' });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error.code).toBe('BAD_REQUEST');
  });
});

describe('coaching mails for unread messages', () => {
  it('tell the member of a coach reply unread for 10 minutes, once per topic until it is read', async () => {
    clock = new Date('2026-07-20T10:00:00Z');
    const m = await createMember(t);
    await givePaidTier(t, m, '1-on-1 Burn');
    const admin = await signInAdmin(t);
    const topic = (
      await json(await t.request('/api/coaching/topics', { cookie: m.cookie, json: { title: 'Plank form' } }))
    ).topic;
    await t.request(`/api/admin/coaching/topics/${topic.id}/read`, { method: 'POST', cookie: admin });
    await t.request(`/api/admin/coaching/topics/${topic.id}/replies`, {
      cookie: admin,
      json: { message: 'Keep your hips level and breathe out as you brace.' },
    });
    const run = async () => {
      await t.jobs.enqueue(UNREAD_MAIL_QUEUE, {});
      await t.drainJobs();
    };
    const replyMails = () =>
      t.db
        .select()
        .from(mailOutbox)
        .where(sql`${eq(mailOutbox.to, m.email)} and ${kindOf('coach-reply-unread')}`);

    clock = new Date('2026-07-20T10:09:00Z');
    await run();
    expect(await replyMails()).toHaveLength(0); // not yet 10 minutes
    clock = new Date('2026-07-20T10:10:30Z');
    await run();
    await run();
    const [mail, ...more] = await replyMails();
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Your coach replied: Plank form');
    expect(mail?.text).toContain('Keep your hips level');
    expect(mail?.text).toContain(`/one-on-one?topic=${topic.id}`);

    // A second reply while the first is unread: still that one e-mail.
    clock = new Date('2026-07-20T10:12:00Z');
    await t.request(`/api/admin/coaching/topics/${topic.id}/replies`, {
      cookie: admin,
      json: { message: 'And again.' },
    });
    clock = new Date('2026-07-20T10:30:00Z');
    await run();
    expect(await replyMails()).toHaveLength(1);

    // Read, then a new reply left unread: one more.
    await t.request(`/api/coaching/topics/${topic.id}/read`, { method: 'POST', cookie: m.cookie });
    await t.request(`/api/admin/coaching/topics/${topic.id}/replies`, {
      cookie: admin,
      json: { message: 'New tip.' },
    });
    clock = new Date('2026-07-20T10:41:00Z');
    await run();
    expect(await replyMails()).toHaveLength(2);
  });

  it("tell the member's own coach, and no other, of a message unread for 10 minutes", async () => {
    clock = new Date('2026-07-21T10:00:00Z');
    // Another coach, with no seats: the member is the owner's (who coaches with OWNER_COACH_SEATS).
    const secondCoach = await createMember(t);
    await t.db.insert(userRoles).values({ userId: secondCoach.userId, role: 'coach' });
    await t.db.insert(coachProfiles).values({ userId: secondCoach.userId, name: 'Second', seats: 0 });
    const m = await createMember(t);
    await givePaidTier(t, m, '1-on-1 Burn');
    const topic = (
      await json(await t.request('/api/coaching/topics', { cookie: m.cookie, json: { title: 'Sore back' } }))
    ).topic;
    await t.request(`/api/coaching/topics/${topic.id}/messages`, {
      cookie: m.cookie,
      json: { message: 'My back hurts after day 3.' },
    });
    clock = new Date('2026-07-21T10:11:00Z');
    await t.jobs.enqueue(UNREAD_MAIL_QUEUE, {});
    await t.drainJobs();
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(
        sql`${kindOf('member-message-unread')} and ${mailOutbox.subject} = 'A member is waiting for a reply: Sore back'`,
      );
    expect(mails.map((mail) => mail.to)).toEqual([t.config.admin.email]);
    expect(mails[0]?.text).toContain(`/admin/chat/${m.userId}/${topic.id}`);
    const [message] = await t.db
      .select()
      .from(discussionMessages)
      .where(eq(discussionMessages.topicId, topic.id));
    expect(message?.readByCoach).toBe(false);
  });
});
