import { and, eq, isNull, sql } from 'drizzle-orm';
import { subscribers, users } from '../../platform/db/schema.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { actionEmail } from '../../platform/mail/templates.ts';
import { getMemberEntitlements, type StateDeps } from './service.ts';

// One last mail when a plan ends (a trial, a cancelled plan, a failed payment after its grace),
// then silence: the reminders and the feed ask the plan rule and stop by themselves. A plan that
// starts again clears the mark (a trial: service.ts; a payment: events.ts), so its end is told too.

/**
 * Rows whose plan may have ended and who were not told: a narrowing in SQL only; core's rule
 * (`getMemberEntitlements`, which also settles a doubt with the provider) decides each one.
 */
const mayHaveEnded = (now: Date, graceDays: number) => sql`(
  (${subscribers.isTrial} and ${subscribers.trialEnd} <= ${now.toISOString()}::timestamptz)
  or (not ${subscribers.isTrial} and ${subscribers.subscriptionTier} in ('The Daily Core', '1-on-1 Burn') and (
    not ${subscribers.subscribed}
    or ${subscribers.subscriptionEnd} <= ${now.toISOString()}::timestamptz
    or ${subscribers.paymentFailedAt} <= ${now.toISOString()}::timestamptz - ${graceDays} * interval '1 day')))`;

const endedEmail = (publicUrl: string, { to, wasTrial }: { to: string; wasTrial: boolean }) =>
  actionEmail({
    to,
    kind: 'plan-ended',
    subject: wasTrial ? 'Your Core28 free trial has ended' : 'Your Core28 plan has ended',
    preview: 'Everything you trained is kept. Choose a plan to pick up where you left off.',
    intro: `${wasTrial ? 'Your free trial' : 'Your plan'} has ended, so your sessions, reminders and calendar are paused. Everything you trained is kept: your days, results, streaks and achievements are on your progress page, and all of it is there again the moment you choose a plan.`,
    action: 'Pick up where you left off',
    url: `${publicUrl}/program`,
    outro: 'This is the last e-mail about it: no reminders until you come back.',
  });

/** The hourly sweep: each member whose plan ended and who was not told gets one mail. */
export async function mailEndedPlans(deps: StateDeps): Promise<number> {
  const now = deps.now();
  const due = await deps.db
    .select({ userId: subscribers.userId, wasTrial: subscribers.isTrial, email: users.email })
    .from(subscribers)
    .innerJoin(users, eq(users.id, subscribers.userId))
    .where(and(isNull(subscribers.planEndedMailedAt), mayHaveEnded(now, deps.config.paymentGraceDays)));
  let mailed = 0;
  for (const member of due) {
    // Asked outside the transaction: a doubt is settled with the provider first.
    if ((await getMemberEntitlements(deps, { userId: member.userId })).standing !== 'ended') continue;
    await deps.db.transaction(async (tx) => {
      const claimed = await tx
        .update(subscribers)
        .set({ planEndedMailedAt: now })
        .where(and(eq(subscribers.userId, member.userId), isNull(subscribers.planEndedMailedAt)))
        .returning({ userId: subscribers.userId });
      if (claimed.length === 0) return;
      const message = endedEmail(deps.config.publicUrl, { to: member.email, wasTrial: member.wasTrial });
      if (
        await enqueueMail(deps, tx, message, {
          dedupeKey: `plan-ended:${member.userId}:${now.toISOString()}`,
        })
      )
        mailed++;
    });
  }
  return mailed;
}
