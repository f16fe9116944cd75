import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type DbOrTx, oneRow } from '../../platform/db/index.ts';
import { coachAssignments, coachWaitlist, seatHolds } from '../../platform/db/schema.ts';
import { assignCoach, chooseCoach } from '../team/service.ts';

// A 1-on-1 Burn seat is held from the start of a checkout (or a plan change) until the payment
// is written, when the hold becomes the member's coach; a hold that runs out frees the seat by
// itself (team/coaches.ts counts only holds not yet expired). The coach profiles' lock, taken
// first, serves two checkouts for the last seat one after the other.

/** How long a checkout keeps its seat; the provider's checkout session expires with it. */
export const CHECKOUT_HOLD_MS = 60 * 60_000;

export const SEATS_FULL_MESSAGE =
  'Every 1-on-1 Burn seat is taken right now. Join the waitlist and we will e-mail you as soon as a seat frees up.';

type Person = { id: string; email: string };

const lockSeats = (tx: DbOrTx) =>
  tx.execute(sql`select user_id from coach_profiles order by user_id for update`);

/**
 * The person's open hold: their own, or one a waitlist offer made for their e-mail before they
 * had an account (the account's e-mail must match the offer's).
 */
async function openHoldOf(tx: DbOrTx, person: Person, now: Date) {
  const [hold] = await tx
    .select()
    .from(seatHolds)
    .where(
      and(
        isNull(seatHolds.releasedAt),
        gt(seatHolds.expiresAt, now),
        or(
          eq(seatHolds.userId, person.id),
          and(isNull(seatHolds.userId), sql`lower(${seatHolds.email}) = lower(${person.email})`),
        ),
      ),
    )
    .orderBy(seatHolds.createdAt)
    .limit(1);
  return hold ?? null;
}

const coachOfMember = async (tx: DbOrTx, userId: string) =>
  (await tx.select().from(coachAssignments).where(eq(coachAssignments.userId, userId)))[0]?.coachId ?? null;

/**
 * Holds a seat for a 1-on-1 Burn checkout or plan change until `until` (an hour from now): the
 * person's open hold (a waitlist offer) is kept, and lengthened to cover the checkout; a coach the
 * member had keeps them when they have a free seat. Every seat taken: 409 SEATS_FULL, nothing written.
 */
export function holdSeat(deps: Pick<Deps, 'db' | 'now'>, person: Person) {
  const now = deps.now();
  const until = new Date(now.getTime() + CHECKOUT_HOLD_MS);
  return deps.db.transaction(async (tx) => {
    await lockSeats(tx);
    const open = await openHoldOf(tx, person, now);
    if (open) {
      const expiresAt = open.expiresAt > until ? open.expiresAt : until;
      await tx.update(seatHolds).set({ userId: person.id, expiresAt }).where(eq(seatHolds.id, open.id));
      return { id: open.id, expiresAt, isNew: false };
    }
    const prefer = await coachOfMember(tx, person.id);
    const coachId = await chooseCoach(tx, { prefer, at: now });
    if (!coachId) throw new AppError('SEATS_FULL', SEATS_FULL_MESSAGE);
    const hold = await tx
      .insert(seatHolds)
      .values({ coachId, userId: person.id, email: person.email, expiresAt: until })
      .returning({ id: seatHolds.id });
    return { id: oneRow(hold).id, expiresAt: until, isNew: true };
  });
}

/** A checkout that could not be opened gives its new hold back at once. */
export async function releaseHold(deps: Pick<Deps, 'db' | 'now'>, holdId: string) {
  await deps.db
    .update(seatHolds)
    .set({ releasedAt: deps.now() })
    .where(and(eq(seatHolds.id, holdId), isNull(seatHolds.releasedAt)));
}

/**
 * Whether a seat is there for this person now (no lock, nothing written): a preview's early
 * answer; `holdSeat` decides.
 */
export async function assertSeatFor(deps: Pick<Deps, 'db' | 'now'>, person: Person) {
  const now = deps.now();
  if (await openHoldOf(deps.db, person, now)) return;
  const free = await deps.db.transaction(async (tx) =>
    chooseCoach(tx, { prefer: await coachOfMember(tx, person.id), at: now }),
  );
  if (!free) throw new AppError('SEATS_FULL', SEATS_FULL_MESSAGE);
}

/**
 * A member whose 1-on-1 Burn is paid for has a coach. Called in the transaction that writes the
 * paid state: their hold becomes their coach (and is released); else a coach they had keeps
 * them; else the coach with the most free seats, even overbooked (they have paid; a hold that
 * ran out during the payment must not leave them without a coach). Their waitlist entry closes.
 */
export async function ensureCoach(
  tx: DbOrTx,
  { userId, email, now }: { userId: string; email: string; now: Date },
) {
  await tx
    .update(coachWaitlist)
    .set({ closedAt: now, userId })
    .where(and(isNull(coachWaitlist.closedAt), sql`lower(${coachWaitlist.email}) = lower(${email})`));
  const person = { id: userId, email };
  const had = await coachOfMember(tx, userId);
  // A renewal of a member who has their coach: nothing to do, and no lock taken.
  if (had && !(await openHoldOf(tx, person, now))) return;
  await lockSeats(tx);
  const hold = await openHoldOf(tx, person, now);
  const coachId =
    hold?.coachId ?? had ?? (await chooseCoach(tx, { prefer: null, evenIfFull: true, at: now }));
  if (coachId && coachId !== had) await assignCoach(tx, { userId, coachId, by: null });
  await tx
    .update(seatHolds)
    .set({ releasedAt: now })
    .where(
      and(
        isNull(seatHolds.releasedAt),
        or(
          eq(seatHolds.userId, userId),
          and(isNull(seatHolds.userId), sql`lower(${seatHolds.email}) = lower(${email})`),
        ),
      ),
    );
}
