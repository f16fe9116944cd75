import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { coachAssignments } from '../../platform/db/schema.ts';

// Who coaches whom, and how many seats each coach has free: the one place that counts a seat.
// A seat is taken by an assigned member whose 1-on-1 Burn is paid for, or held by an open hold
// (a checkout under way, a waitlist offer) that has not expired.

/** A member whose 1-on-1 Burn is paid for now (alias `s` is their subscribers row). */
const burnPaidSql = sql.raw(
  `s.subscribed and not s.is_trial and s.subscription_tier = '1-on-1 Burn' and (s.subscription_end is null or s.subscription_end > now())`,
);

/** Each coach with their seats, seats taken, holds open and open conversations. */
export const coachLoadSql = sql`
  select cp.user_id as coach_id, cp.name, cp.seats,
    (select count(*)::int from coach_assignments ca join subscribers s on s.user_id = ca.user_id
      where ca.coach_id = cp.user_id and ${burnPaidSql}) as members,
    (select count(*)::int from seat_holds h
      where h.coach_id = cp.user_id and h.released_at is null and h.expires_at > now()) as held,
    (select count(*)::int from discussion_topics t join coach_assignments ca on ca.user_id = t.user_id
      where ca.coach_id = cp.user_id and not t.is_archived) as open_conversations
  from coach_profiles cp
  where exists (select 1 from user_roles r where r.user_id = cp.user_id and r.role in ('owner', 'coach'))`;

export type CoachLoad = {
  coach_id: string;
  name: string;
  seats: number;
  members: number;
  held: number;
  open_conversations: number;
};

export const freeSeatsOf = (load: Pick<CoachLoad, 'seats' | 'members' | 'held'>) =>
  Math.max(load.seats - load.members - load.held, 0);

async function rowsOf<T>(db: DbOrTx, query: ReturnType<typeof sql>) {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const listCoachLoads = (db: DbOrTx) => rowsOf<CoachLoad>(db, sql`${coachLoadSql} order by cp.name`);

/**
 * The coach a new 1-on-1 Burn member gets: the most free seats, ties by fewest open
 * conversations (then the earliest coach, so the choice is stable); null when every seat is
 * taken. Call it in a transaction: it locks the coach profiles, so two checkouts for the last seat
 * are served one after the other and the second sees the first one's hold.
 */
export async function chooseCoach(tx: DbOrTx, { excluding = [] }: { excluding?: string[] } = {}) {
  await tx.execute(sql`select user_id from coach_profiles order by user_id for update`);
  const loads = (await listCoachLoads(tx)).filter((load) => !excluding.includes(load.coach_id));
  const open = loads
    .map((load) => ({ ...load, free: freeSeatsOf(load) }))
    .filter((load) => load.free > 0)
    .sort(
      (a, b) =>
        b.free - a.free ||
        a.open_conversations - b.open_conversations ||
        a.coach_id.localeCompare(b.coach_id),
    );
  return open[0]?.coach_id ?? null;
}

/** Makes `coachId` the member's coach (a change keeps the conversations: they are the member's). */
export async function assignCoach(
  tx: DbOrTx,
  { userId, coachId, by }: { userId: string; coachId: string; by: string | null },
) {
  await tx
    .insert(coachAssignments)
    .values({ userId, coachId, assignedBy: by })
    .onConflictDoUpdate({
      target: coachAssignments.userId,
      set: { coachId, assignedBy: by, assignedAt: sql`now()` },
    });
}
