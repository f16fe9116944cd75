import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_COUNTS_QUEUE } from './features/admin/jobs.ts';
import { CLEANUP_QUEUE } from './features/auth/jobs.ts';
import { DUE_QUEUE } from './features/reminders/jobs.ts';
import { SCHEDULES } from './jobs.ts';
import { rowsOf } from './platform/db/index.ts';
import {
  adminDailyCounts,
  idempotencyKeys,
  mailOutbox,
  rateLimits,
  sessions,
  verifications,
} from './platform/db/schema.ts';
import { isDue, parseCron } from './platform/jobs/cron.ts';
import { IDEMPOTENCY_KEYS_CLEANUP_QUEUE } from './platform/jobs/idempotency-keys.ts';
import { JOBS_SCHEMA } from './platform/jobs/queue.ts';
import { SENT_MAIL_CLEANUP_QUEUE } from './platform/mail/jobs.ts';
import { createMember, createTestApp, type TestApp } from './testing/harness.ts';

// What used to be setInterval in main.ts, as queue schedules.

const DAY = 86_400_000;
const clock = new Date('2026-12-10T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const run = async (queue: string) => {
  await t.jobs.enqueue(queue, {});
  return t.drainJobs();
};

describe('scheduled jobs', () => {
  it("send each due schedule's job, in UTC", async () => {
    const [clock] = await rowsOf<{ ms: number }>(
      t.db,
      sql`select (extract(epoch from now()) * 1000)::float8 as ms`,
    );
    const sent = await t.jobs.checkSchedules();
    // The database's minute, unless the check began in the next one.
    const due = (at: number) =>
      Object.entries(SCHEDULES)
        .filter(([, cron]) => isDue(parseCron(cron), Math.floor(at / 60_000) * 60_000))
        .map(([queue]) => queue);
    expect([due(clock!.ms), due(clock!.ms + 60_000)]).toContainEqual(sent);
    expect(sent).toContain(DUE_QUEUE);
    const { rows } = await t.database.executeSql(
      `select name from ${JOBS_SCHEMA}.job where name = any($1::text[]) and singleton_on is not null order by name`,
      [Object.keys(SCHEDULES)],
    );
    expect(rows.map((row) => (row as { name: string }).name)).toEqual([...sent].sort());
    expect(await t.drainJobs()).toBeGreaterThanOrEqual(sent.length);
  });

  it("records the admin's daily counts", async () => {
    await createMember(t);
    expect(await run(DAILY_COUNTS_QUEUE)).toBe(1);
    const [row] = await t.db.select().from(adminDailyCounts).where(eq(adminDailyCounts.day, '2026-12-10'));
    expect(row?.members).toBeGreaterThanOrEqual(1);
    expect(row?.recordedAt.toISOString()).toBe(clock.toISOString());
  });

  it('forgets idempotency keys older than a day', async () => {
    const member = await createMember(t);
    const [stale, fresh] = [randomUUID(), randomUUID()];
    await t.db.insert(idempotencyKeys).values([
      {
        userId: member.userId,
        key: stale,
        request: 'r',
        createdAt: new Date(clock.getTime() - DAY - 60_000),
      },
      { userId: member.userId, key: fresh, request: 'r', createdAt: new Date(clock.getTime() - 3_600_000) },
    ]);
    expect(await run(IDEMPOTENCY_KEYS_CLEANUP_QUEUE)).toBe(1);
    const left = await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((row) => row.key)).toEqual([fresh]);
  });

  it('cleans up expired sessions and tokens, old rate-limit rows and sent mail after 30 days', async () => {
    const member = await createMember(t);
    const ago = (ms: number) => new Date(clock.getTime() - ms);
    const id = () => randomUUID();
    const [expired, valid] = [id(), id()];
    await t.db.insert(sessions).values([
      { id: expired, token: id(), userId: member.userId, expiresAt: ago(60_000) },
      { id: valid, token: id(), userId: member.userId, expiresAt: ago(-DAY) },
    ]);
    const [oldToken, liveToken] = [id(), id()];
    await t.db.insert(verifications).values([
      { id: oldToken, identifier: 'reset', value: 'x', expiresAt: ago(1) },
      { id: liveToken, identifier: 'reset', value: 'y', expiresAt: ago(-3_600_000) },
    ]);
    const [oldLimit, recentLimit] = [id(), id()];
    await t.db.insert(rateLimits).values([
      { id: oldLimit, key: `test:${oldLimit}`, count: 1, lastRequest: ago(DAY + 60_000).getTime() },
      { id: recentLimit, key: `test:${recentLimit}`, count: 1, lastRequest: ago(3_600_000).getTime() },
    ]);
    const mail = { to: 'old@example.com', subject: 's', text: 't', html: 'h' };
    const [oldSent, recentSent, oldFailed] = [id(), id(), id()];
    await t.db.insert(mailOutbox).values([
      { ...mail, id: oldSent, sentAt: ago(31 * DAY), createdAt: ago(31 * DAY) },
      { ...mail, id: recentSent, sentAt: ago(29 * DAY), createdAt: ago(29 * DAY) },
      { ...mail, id: oldFailed, failedAt: ago(40 * DAY), createdAt: ago(40 * DAY) },
    ]);

    // Two owners, two queues on the same schedule: auth's records and the mail outbox's.
    expect(SCHEDULES[CLEANUP_QUEUE]).toBe(SCHEDULES[SENT_MAIL_CLEANUP_QUEUE]);
    expect(await run(CLEANUP_QUEUE)).toBe(1);
    expect(await run(SENT_MAIL_CLEANUP_QUEUE)).toBe(1);

    const ids = async (table: typeof sessions | typeof verifications | typeof rateLimits, wanted: string[]) =>
      (await t.db.select({ id: table.id }).from(table).where(inArray(table.id, wanted))).map((r) => r.id);
    expect(await ids(sessions, [expired, valid])).toEqual([valid]);
    expect(await ids(verifications, [oldToken, liveToken])).toEqual([liveToken]);
    expect(await ids(rateLimits, [oldLimit, recentLimit])).toEqual([recentLimit]);
    const kept = await t.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, [oldSent, recentSent, oldFailed]));
    expect(kept.map((r) => r.id).sort()).toEqual([recentSent, oldFailed].sort());
  });
});
