import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { coachWaitlist, seatHolds } from '../../platform/db/schema.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { actionEmail } from '../../platform/mail/templates.ts';
import { chooseCoach } from '../team/service.ts';

// A freed seat goes to the first person waiting: a hold for 48 hours and a mail with the link
// to take it. An offer that runs out unused closes that entry, and the seat goes to the next.

export const SEAT_OFFERS_QUEUE = 'seat-offers';
export const OFFER_HOLD_MS = 48 * 3_600_000;

/** Runs the offers soon (after something that may have freed a seat), in `tx` when given. */
export async function offerSeatsSoon(deps: { jobs: JobQueue }, tx?: DbOrTx) {
  await deps.jobs.enqueue(SEAT_OFFERS_QUEUE, {}, { tx, singletonKey: SEAT_OFFERS_QUEUE });
  if (!tx) deps.jobs.wake(SEAT_OFFERS_QUEUE);
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

function offerEmail(
  config: Deps['config'],
  { to, interval, until }: { to: string; interval: 'month' | 'year'; until: Date },
) {
  const url = `${config.publicUrl}/subscription/signup?plan=burn&interval=${interval}&seat=held`;
  return actionEmail({
    to,
    kind: 'seat-offer',
    subject: 'A 1-on-1 Burn seat is yours for 48 hours',
    preview: 'A coaching seat freed up, and we are keeping it for you.',
    intro: `A 1-on-1 Burn seat (billed ${interval === 'year' ? 'yearly' : 'monthly'}) freed up, and you were first on the waitlist. We are keeping it for you until ${dateFormat.format(until)} UTC. Sign up or sign in with this e-mail address (${to}) to take it.`,
    action: 'Take my seat',
    url,
    outro: `If you do not want it, do nothing: after 48 hours the seat goes to the next person waiting.`,
  });
}

/**
 * The offer sweep: closes offers that ran out, then offers each free seat to the next person
 * waiting (oldest first). One transaction under the coach profiles' lock (chooseCoach), so a
 * checkout cannot take the seat being offered and two sweeps cannot offer one seat twice.
 */
export function offerFreeSeats(deps: Pick<Deps, 'db' | 'now' | 'config' | 'jobs'>) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select user_id from coach_profiles order by user_id for update`);
    const ranOut = await tx
      .update(coachWaitlist)
      .set({ closedAt: now })
      .where(
        and(
          isNull(coachWaitlist.closedAt),
          isNotNull(coachWaitlist.offerExpiresAt),
          lte(coachWaitlist.offerExpiresAt, now),
        ),
      )
      .returning({ id: coachWaitlist.id });
    for (const { id } of ranOut)
      await tx
        .update(seatHolds)
        .set({ releasedAt: now })
        .where(and(eq(seatHolds.waitlistId, id), isNull(seatHolds.releasedAt)));
    let offered = 0;
    for (;;) {
      const [next] = await tx
        .select()
        .from(coachWaitlist)
        .where(and(isNull(coachWaitlist.closedAt), isNull(coachWaitlist.offeredAt)))
        .orderBy(asc(coachWaitlist.createdAt), asc(coachWaitlist.id))
        .limit(1);
      if (!next) break;
      const coachId = await chooseCoach(tx, { at: now });
      if (!coachId) break;
      const until = new Date(now.getTime() + OFFER_HOLD_MS);
      await tx.insert(seatHolds).values({
        coachId,
        userId: next.userId,
        email: next.email,
        waitlistId: next.id,
        expiresAt: until,
      });
      await tx
        .update(coachWaitlist)
        .set({ offeredAt: now, offerExpiresAt: until })
        .where(eq(coachWaitlist.id, next.id));
      await enqueueMail(
        deps,
        tx,
        offerEmail(deps.config, { to: next.email, interval: next.interval, until }),
      );
      offered += 1;
    }
    return { offered, expired: ranOut.length };
  });
}
