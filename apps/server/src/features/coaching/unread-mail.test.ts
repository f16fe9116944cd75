import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, userRoles } from '../../platform/db/schema.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  type TestApp,
} from '../../testing/harness.ts';
import { assign, staffMember } from '../../testing/team.ts';
import { UNREAD_MAIL_QUEUE } from './jobs.ts';

// A member's message unread by the coaches goes to the member's coach only; of a member nobody
// coaches, to ADMIN_EMAIL's account only when that is set (not to every owner); once per topic
// until read, after the configured delay.

const HEAD_COACH = 'head-coach@example.com';
let clock = new Date('2026-07-22T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    env: { ADMIN_EMAIL: HEAD_COACH, NOTIFY_UNREAD_AFTER_MINUTES: '25' },
  });
});
afterAll(() => t.close());

describe("the coaches' mail for a member's unread message", () => {
  it('goes to ADMIN_EMAIL only, after NOTIFY_UNREAD_AFTER_MINUTES, once per topic until read', async () => {
    const otherCoach = await createMember(t);
    await t.db.insert(userRoles).values({ userId: otherCoach.userId, role: 'owner' });
    const m = await createMember(t);
    await givePaidTier(t, m, '1-on-1 Burn');
    const topic = (
      await json(await t.request('/api/coaching/topics', { cookie: m.cookie, json: { title: 'Knee pain' } }))
    ).topic;
    const write = (message: string) =>
      t.request(`/api/coaching/topics/${topic.id}/messages`, { cookie: m.cookie, json: { message } });
    expect((await write('My knee clicks in the lunges.')).status).toBe(201);
    const run = async (at: string) => {
      clock = new Date(at);
      await t.jobs.enqueue(UNREAD_MAIL_QUEUE, {});
      await t.drainJobs();
    };
    const mails = () =>
      t.db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.meta}->>'kind' = 'member-message-unread'`)
        .orderBy(mailOutbox.createdAt);

    await run('2026-07-22T10:24:00Z');
    expect(await mails()).toHaveLength(0); // 24 of 25 minutes
    await run('2026-07-22T10:25:30Z');
    await run('2026-07-22T10:26:30Z');
    const [mail, ...more] = await mails();
    expect(more).toHaveLength(0);
    expect(mail?.to).toBe(HEAD_COACH);
    expect(mail?.subject).toBe('A member is waiting for a reply: Knee pain');

    // Another message while the first is unread: still that one e-mail.
    clock = new Date('2026-07-22T10:30:00Z');
    expect((await write('And it swells a little.')).status).toBe(201);
    await run('2026-07-22T11:00:00Z');
    expect(await mails()).toHaveLength(1);

    // The coaches read it; a new message left unread 25 minutes: one more, again to ADMIN_EMAIL only.
    const coach = await signInAdmin(t);
    await t.request(`/api/admin/coaching/topics/${topic.id}/read`, { method: 'POST', cookie: coach });
    clock = new Date('2026-07-22T11:05:00Z');
    expect((await write('Better today.')).status).toBe(201);
    await run('2026-07-22T11:29:00Z');
    expect(await mails()).toHaveLength(1);
    await run('2026-07-22T11:30:30Z');
    expect((await mails()).map((row) => row.to)).toEqual([HEAD_COACH, HEAD_COACH]);
  });

  it('puts a topic title into the subject on one line: no CR or LF reaches the mail headers', async () => {
    const m = await createMember(t);
    await givePaidTier(t, m, '1-on-1 Burn');
    const title = 'Knee\r\nBcc: x@evil.example\r\n\r\nhi';
    const created = await t.request('/api/coaching/topics', { cookie: m.cookie, json: { title } });
    expect(created.status).toBe(201);
    const topic = (await json(created)).topic;
    clock = new Date('2026-07-23T10:00:00Z');
    const sent = await t.request(`/api/coaching/topics/${topic.id}/messages`, {
      cookie: m.cookie,
      json: { message: 'Hello' },
    });
    expect(sent.status).toBe(201);
    clock = new Date('2026-07-23T11:00:00Z');
    await t.jobs.enqueue(UNREAD_MAIL_QUEUE, {});
    await t.drainJobs();
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.meta}->>'url' like ${`%${topic.id}`}`);
    expect(mail?.subject).toBe('A member is waiting for a reply: Knee Bcc: x@evil.example hi');
  });

  it('goes to the member’s coach only: not to another coach, nor to ADMIN_EMAIL', async () => {
    const coach = await staffMember(t);
    const other = await staffMember(t);
    const m = await createMember(t);
    await givePaidTier(t, m, '1-on-1 Burn');
    await assign(t, m.userId, coach.userId);
    clock = new Date('2026-07-24T10:00:00Z');
    const created = await t.request('/api/coaching/topics', { cookie: m.cookie, json: { title: 'Coached' } });
    const topic = (await json(created)).topic;
    await t.request(`/api/coaching/topics/${topic.id}/messages`, {
      cookie: m.cookie,
      json: { message: 'Hi' },
    });
    clock = new Date('2026-07-24T11:00:00Z');
    await t.jobs.enqueue(UNREAD_MAIL_QUEUE, {});
    await t.drainJobs();
    const sent = await t.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.meta}->>'url' like ${`%${topic.id}`}`);
    expect(sent.map((row) => row.to)).toEqual([coach.email]);
    expect(sent.map((row) => row.to)).not.toContain(other.email);
  });
});
