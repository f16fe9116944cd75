import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DUE_QUEUE, SEND_QUEUE } from '../features/reminders/jobs.ts';
import type { sendJobPayload } from '../features/reminders/reminders.ts';
import { type Database, rowsOf } from '../platform/db/index.ts';
import { mailOutbox, profiles, workoutCompletions } from '../platform/db/schema.ts';
import { createMember, givePaidTier, type TestApp } from './harness.ts';

// Other features' tests send the reminders' sweep through this file, not the feature's jobs.ts.
export { DUE_QUEUE };

// The reminder tests: a member with a registration date, zone and reminder time of the
// test's choosing, the schedule's tick, and the mail it wrote.

export type Member = Awaited<ReturnType<typeof createMember>>;

export async function createReminderMember(
  t: TestApp,
  opts: { registered: string; timeZone: string; reminderTime?: string; done?: number[] },
) {
  // On a paid plan with no end: reminders are the plan's, and these tests move the clock by months.
  const m = await createMember(t);
  await givePaidTier(t, m, 'The Daily Core');
  await t.db
    .update(profiles)
    .set({
      registrationDate: new Date(opts.registered),
      timeZone: opts.timeZone,
      reminderTime: opts.reminderTime ?? '07:00',
    })
    .where(eq(profiles.userId, m.userId));
  for (const day of opts.done ?? [])
    await t.db
      .insert(workoutCompletions)
      .values({ userId: m.userId, dayNumber: day, completedAt: t.deps.now() });
  return m;
}

/** The schedule's tick, then every job it queued (and the mail they wrote) run here and now. */
export async function tick(t: TestApp) {
  await t.jobs.enqueue(DUE_QUEUE, {});
  await t.drainJobs();
}

/** One member's reminder, queued as the schedule's tick would, to be run by `t.drainJobs()`. */
export const queueReminder = (t: TestApp, job: z.input<typeof sendJobPayload>) =>
  t.jobs.enqueue(SEND_QUEUE, job);

/** The mail of one kind written to these members, oldest first. */
export const mailsOf = (t: TestApp, kind: string, members: Pick<Member, 'email'>[]) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(
      and(
        inArray(
          mailOutbox.to,
          members.map((m) => m.email),
        ),
        sql`${mailOutbox.meta}->>'kind' = ${kind}`,
      ),
    )
    .orderBy(mailOutbox.createdAt);

/**
 * `count` confirmed members on The Daily Core, written in a few statements (a sign-up each would
 * take minutes): spread over `timeZones`, each with their reminder at `at`'s minute in their own
 * zone, registered `daysIn` days before it. Ids and e-mails are `${prefix}-${i}`.
 */
export async function seedDueMembers(
  t: { db: Database },
  {
    count,
    at,
    timeZones,
    daysIn = 3,
    prefix = 'due',
  }: {
    count: number;
    at: Date;
    timeZones: string[];
    daysIn?: number;
    prefix?: string;
  },
) {
  const zones = `{${timeZones.join(',')}}`;
  const registered = new Date(at.getTime() - daysIn * 86_400_000).toISOString();
  await t.db.execute(sql`
    insert into users (id, name, email, email_verified, created_at, updated_at)
    select ${prefix} || '-' || i, 'Member ' || i, ${prefix} || '-' || i || '@example.com', true, ${registered}, ${registered}
    from generate_series(1, ${count}) i`);
  // The profile's insert triggers give each one their first round and progress row.
  await t.db.execute(sql`
    insert into profiles (user_id, registration_date, time_zone, reminder_time, created_at, updated_at)
    select ${prefix} || '-' || i, ${registered}, z.zone,
      to_char(${at.toISOString()}::timestamptz at time zone z.zone, 'HH24:MI'), ${registered}, ${registered}
    from generate_series(1, ${count}) i
    cross join lateral (select (${zones}::text[])[1 + i % ${timeZones.length}] as zone) z`);
  await t.db.execute(sql`
    insert into subscribers (user_id, email, subscribed, subscription_tier, is_trial)
    select ${prefix} || '-' || i, ${prefix} || '-' || i || '@example.com', true, 'The Daily Core', false
    from generate_series(1, ${count}) i`);
  return Array.from({ length: count }, (_, i) => ({
    userId: `${prefix}-${i + 1}`,
    email: `${prefix}-${i + 1}@example.com`,
  }));
}

/**
 * Moves these members' current round so that `at`'s local date is its day 8: the first week's
 * summary is due that morning.
 */
export async function makeWeekOneDone(
  t: { db: Database },
  { prefix = 'due', at }: { prefix?: string; at: Date },
) {
  const local = sql`(${at.toISOString()}::timestamptz at time zone coalesce(p.time_zone, 'UTC'))::date`;
  await t.db.execute(sql`
    update rounds r set started_at = ((${local} - 7) + time '12:00') at time zone coalesce(p.time_zone, 'UTC')
    from profiles p
    where p.user_id = r.user_id and r.user_id like ${`${prefix}-%`}`);
  return rowsOf<{ userId: string; localDate: string }>(
    t.db,
    sql`select p.user_id as "userId", to_char(${local}, 'YYYY-MM-DD') as "localDate"
        from profiles p where p.user_id like ${`${prefix}-%`}`,
  );
}
