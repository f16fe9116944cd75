import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSmtpMailer } from '../../platform/mail/mailer.ts';
import { createTestApp, type TestApp } from '../../testing/harness.ts';
import { until } from '../../testing/jobs.ts';
import { DUE_QUEUE, seedDueMembers } from '../../testing/reminders.ts';
import { startSmtpDouble } from '../../testing/smtp.ts';

// A popular minute: thousands of members due a reminder at once, in several zones, with two
// instances working one database and both ticking the schedule (twice). Every one due gets
// exactly one mail at the relay; the ones done today or switched off get none.

const MEMBERS = 2000;
const NOW = new Date('2026-03-10T12:00:30Z');
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Asia/Tokyo', 'America/Sao_Paulo'];

let smtp: Awaited<ReturnType<typeof startSmtpDouble>>;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  smtp = await startSmtpDouble();
  const mailer = createSmtpMailer({
    url: smtp.url,
    from: 'Core28 <hello@core28.app>',
    log: pino({ level: 'silent' }),
  });
  a = await createTestApp({ now: () => NOW, mailer, jobWorkers: true });
  // The second instance: the same database, its own queue workers (the first one closes the database).
  b = await createTestApp({
    now: () => NOW,
    mailer,
    jobWorkers: true,
    seed: false,
    database: { ...a.database, close: async () => {} },
  });
}, 60_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
  await smtp?.close();
});

it(`sends each of ${MEMBERS.toLocaleString('en')} members due in one minute one reminder, with two instances`, async () => {
  const members = await seedDueMembers(a, { count: MEMBERS, at: NOW, timeZones: ZONES });
  // One in ten trained today (day 4) and one in ten switched the reminder off: none for them.
  await a.db.execute(sql`
    insert into workout_completions (user_id, day_number, completed_at)
    select m.user_id, 4, ${NOW.toISOString()} from member_progress m
    where m.user_id like 'due-%' and split_part(m.user_id, '-', 2)::int % 10 = 0`);
  await a.db.execute(sql`
    insert into notification_preferences (user_id, kind, email, push, updated_at)
    select m.user_id, 'workout-reminder', false, false, now() from member_progress m
    where m.user_id like 'due-%' and split_part(m.user_id, '-', 2)::int % 10 = 1`);
  const due = members.filter((_, i) => (i + 1) % 10 !== 0 && (i + 1) % 10 !== 1).map((m) => m.email);

  // Both instances' ticks at once, and again (a retried tick): nothing is queued twice.
  await Promise.all([a, b, a, b].map((t) => t.jobs.enqueue(DUE_QUEUE, {})));
  await until(() => smtp.received.length >= due.length, 240_000);
  await Promise.all([a.drainJobs(), b.drainJobs()]);

  const received = smtp.received.flatMap((mail) => mail.to);
  expect(received).toHaveLength(due.length);
  expect(new Set(received)).toEqual(new Set(due));
  expect(smtp.received.every((mail) => /Subject: Day 4: /.test(mail.data))).toBe(true);
}, 300_000);
