import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { coachAssignments } from '../../platform/db/schema.ts';

// Who coaches whom, and how many seats each coach has free: the one place that counts a seat.
// A seat is taken by an assigned member whose 1-on-1 Burn is paid for, or held by an open hold
// (a checkout under way, a waitlist offer) that has not expired.

// "Now" is the app's clock (deps.now) when the caller passes it, so a hold expires and a plan
// ends at the same instant for the seat count as for every other rule (and tests can move it).
const instant = (at: Date | undefined) => (at ? sql`${at.toISOString()}::timestamptz` : sql`now()`);

/**
 * Each coach with their seats, seats taken, holds open and open conversations at `at`. Members and
 * conversations are the counters triggers keep (coach_load_counts, migration 0033): counting them
 * per coach read every assigned member and topic. The counters take a paid 1-on-1 Burn by its flags;
 * those whose period has ended by `at` and who are not yet marked so are taken off here, a range of
 * subscribers_paid_idx.
 */
export const coachLoadSql = (at?: Date) => sql`
  with counted as (
    select c.coach_id, sum(c.members)::int as members, sum(c.open_conversations)::int as open_conversations
    from coach_load_counts c group by c.coach_id
  ), ended as (
    select ca.coach_id, count(*)::int as n
    from subscribers s join coach_assignments ca on ca.user_id = s.user_id
    where s.subscribed and not s.is_trial and s.subscription_tier in ('The Daily Core', '1-on-1 Burn')
      and s.subscription_end <= ${instant(at)} and s.subscription_tier = '1-on-1 Burn'
    group by ca.coach_id
  )
  select cp.user_id as coach_id, cp.name, cp.seats,
    (coalesce(counted.members, 0) - coalesce(ended.n, 0))::int as members,
    (select count(*)::int from seat_holds h
      where h.coach_id = cp.user_id and h.released_at is null and h.expires_at > ${instant(at)}) as held,
    coalesce(counted.open_conversations, 0) as open_conversations
  from coach_profiles cp
  left join counted on counted.coach_id = cp.user_id
  left join ended on ended.coach_id = cp.user_id
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

export const listCoachLoads = (db: DbOrTx, at?: Date) =>
  rowsOf<CoachLoad>(db, sql`${coachLoadSql(at)} order by cp.name`);

/**
 * The coach a new 1-on-1 Burn member gets: the most free seats, ties by fewest open
 * conversations (then the earliest coach, so the choice is stable); null when every seat is
 * taken. Call it in a transaction: it locks the coach profiles, so two checkouts for the last seat
 * are served one after the other and the second sees the first one's hold.
 * `prefer`: a coach the member had, kept when they have a free seat. `evenIfFull`: a member who
 * has paid already (their hold ran out mid-payment) still gets a coach, the least overbooked.
 */
export async function chooseCoach(
  tx: DbOrTx,
  {
    excluding = [],
    prefer,
    evenIfFull = false,
    at,
  }: { excluding?: string[]; prefer?: string | null; evenIfFull?: boolean; at?: Date } = {},
) {
  await tx.execute(sql`select user_id from coach_profiles order by user_id for update`);
  const loads = (await listCoachLoads(tx, at)).filter((load) => !excluding.includes(load.coach_id));
  const withFree = loads.map((load) => ({
    ...load,
    free: evenIfFull ? load.seats - load.members - load.held : freeSeatsOf(load),
  }));
  const preferred = withFree.find((load) => load.coach_id === prefer && freeSeatsOf(load) > 0);
  if (preferred) return preferred.coach_id;
  const open = withFree
    .filter((load) => evenIfFull || load.free > 0)
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
