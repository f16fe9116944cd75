import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DUE_QUEUE, SEND_QUEUE } from '../features/reminders/jobs.ts';
import type { sendJobPayload } from '../features/reminders/reminders.ts';
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
