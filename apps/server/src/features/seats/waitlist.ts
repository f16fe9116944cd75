import { WAITLIST_JOINED_MESSAGE, type WaitlistJoin, type WaitlistStatus } from '@core28/core/seats';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { takeFromLimits } from '../../platform/db/rate-limit.ts';
import { coachWaitlist, seatHolds } from '../../platform/db/schema.ts';
import { freeSeatsOf, listCoachLoads } from '../team/service.ts';
import { offerSeatsSoon, SEAT_OFFERS_QUEUE } from './offers.ts';

// "Limited seats": whether 1-on-1 Burn has a seat free, and the waitlist when it has none.

/** As many joins from one client address as the contact form allows messages. */
const JOIN_LIMIT = { max: 3, windowMs: 10 * 60_000 };

/**
 * Whether 1-on-1 Burn can be bought now: a free seat, or (for a signed-in person) a seat already
 * theirs (an offer from the waitlist, a checkout under way).
 */
export async function seatAvailability(
  deps: Pick<Deps, 'db' | 'now'>,
  viewer: { id: string; email: string } | null,
) {
  const now = deps.now();
  const loads = await listCoachLoads(deps.db, now);
  const free = loads.reduce((sum, load) => sum + freeSeatsOf(load), 0);
  if (free > 0 || !viewer) return { available: free > 0, held_for_you: false };
  const [hold] = await deps.db
    .select({ id: seatHolds.id })
    .from(seatHolds)
    .where(
      and(
        isNull(seatHolds.releasedAt),
        gt(seatHolds.expiresAt, now),
        or(
          eq(seatHolds.userId, viewer.id),
          and(isNull(seatHolds.userId), sql`lower(${seatHolds.email}) = lower(${viewer.email})`),
        ),
      ),
    )
    .limit(1);
  return { available: Boolean(hold), held_for_you: Boolean(hold) };
}

/**
 * Joins the waitlist: one entry per e-mail while it waits (sent again, the same answer, nothing
 * added); as many joins per client address as the contact form. A seat free already is offered
 * by the sweep this starts.
 */
export async function joinWaitlist(
  deps: Pick<Deps, 'db' | 'now' | 'jobs'>,
  { input, clientIp, userId }: { input: WaitlistJoin; clientIp: string; userId: string | null },
) {
  const taken = await takeFromLimits(deps.db, [{ key: `waitlist:${clientIp}`, ...JOIN_LIMIT }], deps.now());
  if (!taken.ok)
    throw new AppError('TOO_MANY_REQUESTS', 'Please try again in a few minutes.', {
      retryAfter: taken.retryAfterSeconds,
    });
  await deps.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(coachWaitlist)
      // created_at is the database's: the order people joined in, whatever the app's clock says.
      .values({ email: input.email, interval: input.interval, userId })
      // The unique index on a waiting e-mail (any case): joining again adds nothing.
      .onConflictDoNothing()
      .returning({ id: coachWaitlist.id });
    if (added) await offerSeatsSoon(deps, tx);
  });
  deps.jobs.wake(SEAT_OFFERS_QUEUE);
  return { ok: true as const, message: WAITLIST_JOINED_MESSAGE };
}

const statusOf = (row: {
  closedAt: Date | null;
  offeredAt: Date | null;
  offerExpiresAt: Date | null;
}): WaitlistStatus =>
  row.closedAt
    ? row.offerExpiresAt && row.closedAt >= row.offerExpiresAt
      ? 'offer-expired'
      : 'closed'
    : row.offeredAt
      ? 'offered'
      : 'waiting';

/** The owner's view: everyone waiting or offered a seat in order, then the last 100 closed. */
export async function listWaitlist(deps: Pick<Deps, 'db' | 'now'>) {
  const open = await deps.db
    .select()
    .from(coachWaitlist)
    .where(isNull(coachWaitlist.closedAt))
    .orderBy(coachWaitlist.createdAt, coachWaitlist.id);
  const closed = await deps.db
    .select()
    .from(coachWaitlist)
    .where(sql`${coachWaitlist.closedAt} is not null`)
    .orderBy(desc(coachWaitlist.closedAt))
    .limit(100);
  const loads = await listCoachLoads(deps.db, deps.now());
  const entry = (row: (typeof open)[number], position: number | null) => ({
    id: row.id,
    email: row.email,
    interval: row.interval,
    position,
    status: statusOf(row),
    joined_at: row.createdAt.toISOString(),
    offered_at: row.offeredAt?.toISOString() ?? null,
    offer_expires_at: row.offerExpiresAt?.toISOString() ?? null,
    closed_at: row.closedAt?.toISOString() ?? null,
  });
  return {
    free_seats: loads.reduce((sum, load) => sum + freeSeatsOf(load), 0),
    seats: loads.reduce((sum, load) => sum + load.seats, 0),
    entries: [...open.map((row, i) => entry(row, i + 1)), ...closed.map((row) => entry(row, null))],
  };
}

/** The owner takes someone off the list: their offer's seat is freed and goes to the next. */
export async function removeFromWaitlist(deps: Pick<Deps, 'db' | 'now' | 'jobs'>, { id }: { id: string }) {
  await deps.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(coachWaitlist)
      .set({ closedAt: deps.now() })
      .where(and(eq(coachWaitlist.id, id), isNull(coachWaitlist.closedAt)))
      .returning({ id: coachWaitlist.id });
    if (!closed) throw new AppError('NOT_FOUND', 'This person is not on the waitlist any more.');
    await tx
      .update(seatHolds)
      .set({ releasedAt: deps.now() })
      .where(and(eq(seatHolds.waitlistId, id), isNull(seatHolds.releasedAt)));
    await offerSeatsSoon(deps, tx);
  });
  deps.jobs.wake(SEAT_OFFERS_QUEUE);
  return { ok: true as const };
}
