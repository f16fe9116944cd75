import { type MemberDayInput, memberDayItems } from '@core28/core/session-plan';
import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../errors.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { memberProgramDayChanges, memberProgramDays, profiles, users } from '../../platform/db/schema.ts';
import { isNotAdminSql, memberNameSql } from '../auth/service.ts';
import { getMemberEntitlements, type StateDeps } from '../subscriptions/service.ts';
import { assertPrescriptionFits, listMemberProgramDays } from './days.ts';
import { getProgramDay } from './service.ts';

// docs/decisions/0016: a coach adjusts a 1-on-1 Burn member's remaining days. The
// member's own days are rows of member_program_days, read through listMemberProgramDays; every
// change is a member_program_day_changes row (who, when, the day before and after).

type PlanDeps = StateDeps;
type Target = { userId: string };
type Coach = { adminId: string };

const CHANGE_LIMIT = 100;

/** One exercise of a day as a change row keeps it. */
type ItemSnapshot = {
  exerciseId: number;
  exerciseName: string;
  sets: number;
  workSeconds: number | null;
  targetReps: number | null;
  restSeconds: number;
};

/**
 * What a change row keeps of a day (before and after; null when the program had no such day):
 * enough to say what changed, in words, later. The first exercise's fields stay at the top, as
 * rows written before days had several exercises hold them; `items` is every exercise in order.
 */
type DaySnapshot = ItemSnapshot & {
  items: ItemSnapshot[];
  note: string;
  /** false: the standard day. */
  adjusted: boolean;
};

type MemberDay = Awaited<ReturnType<typeof listMemberProgramDays>>[number];

const itemSnapshotOf = (item: MemberDay['items'][number]): ItemSnapshot => ({
  exerciseId: item.exercise.id,
  exerciseName: item.exercise.name,
  ...item.prescription,
});

const snapshotOf = (day: MemberDay): DaySnapshot => ({
  ...itemSnapshotOf(day),
  items: day.items.map(itemSnapshotOf),
  note: day.note,
  adjusted: day.adjusted,
});

/** A stored snapshot, old (one exercise, no items) or new, as the API answers it: always with items. */
function readSnapshot(stored: unknown): DaySnapshot | null {
  if (!stored) return null;
  const snapshot = stored as Omit<DaySnapshot, 'items'> & { items?: ItemSnapshot[] };
  const { exerciseId, exerciseName, sets, workSeconds, targetReps, restSeconds } = snapshot;
  return {
    ...snapshot,
    items: snapshot.items ?? [{ exerciseId, exerciseName, sets, workSeconds, targetReps, restSeconds }],
  };
}

/** A coach-adjusted plan comes with coaching (the plan rule, core's entitlements.ts). */
async function mayHaveOwnPlan(deps: PlanDeps, { userId }: Target) {
  return (await getMemberEntitlements(deps, { userId })).coaching;
}

const NOT_BURN =
  'Only 1-on-1 Burn members can have a plan of their own. This member has the standard program.';

/**
 * An admin is no member: their plan is answered as their member page is (/admin/users/{id},
 * admin/member-detail.ts), 404, so neither says more about an admin account than the other.
 */
async function requireMember({ db }: Pick<PlanDeps, 'db'>, { userId }: Target) {
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), isNotAdminSql(profiles.userId)));
  if (!row) throw new AppError('NOT_FOUND', 'Member not found');
}

/** The member's current round's days as the coach edits them, with the changes made so far (newest first). */
export async function getMemberPlan(deps: PlanDeps, { userId }: Target) {
  await requireMember(deps, { userId });
  const { currentDay } = await getProgramDay(deps, { userId });
  const [days, changes, canAdjust] = await Promise.all([
    listMemberProgramDays(deps.db, { userId }),
    listPlanChanges(deps.db, { userId }),
    mayHaveOwnPlan(deps, { userId }),
  ]);
  return {
    userId,
    currentDay,
    canAdjust,
    days: days.map((d) => ({
      day: d.day,
      exercise: { id: d.exercise.id, name: d.exercise.name, category: d.exercise.category },
      prescription: d.prescription,
      /** Every exercise of the day in order (the first is `exercise` and `prescription` too). */
      items: d.items.map((item) => ({
        exercise: { id: item.exercise.id, name: item.exercise.name, category: item.exercise.category },
        prescription: item.prescription,
      })),
      adjusted: d.adjusted,
      note: d.note,
    })),
    changes,
  };
}

/** The coach as members see them (their coach profile's name), else their account's name. */
const coachName = sql`coalesce((select nullif(trim(cp.name), '') from coach_profiles cp where cp.user_id = ${memberProgramDayChanges.changedBy}), ${memberNameSql({ profile: 'profiles', user: 'users' })})`;

async function listPlanChanges(db: DbOrTx, { userId }: Target) {
  const rows = await db
    .select({
      id: memberProgramDayChanges.id,
      day: memberProgramDayChanges.day,
      changedAt: memberProgramDayChanges.changedAt,
      changedBy: sql<string | null>`case when ${users.id} is null then null else ${coachName} end`,
      before: memberProgramDayChanges.before,
      after: memberProgramDayChanges.after,
    })
    .from(memberProgramDayChanges)
    .leftJoin(users, eq(users.id, memberProgramDayChanges.changedBy))
    .leftJoin(profiles, eq(profiles.userId, memberProgramDayChanges.changedBy))
    .where(eq(memberProgramDayChanges.userId, userId))
    .orderBy(desc(memberProgramDayChanges.changedAt), desc(memberProgramDayChanges.id))
    .limit(CHANGE_LIMIT);
  return rows.map((r) => ({
    ...r,
    changedAt: r.changedAt.toISOString(),
    before: readSnapshot(r.before),
    after: readSnapshot(r.after),
  }));
}

/** Refused unless the member has 1-on-1 Burn and the day is today or later (past days stay as done). */
async function checkAdjustable(deps: PlanDeps, { userId, day }: Target & { day: number }) {
  await requireMember(deps, { userId });
  const { currentDay, round } = await getProgramDay(deps, { userId });
  if (!(await mayHaveOwnPlan(deps, { userId }))) throw new AppError('CONFLICT', NOT_BURN);
  if (day > round.days)
    throw new AppError('BAD_REQUEST', `Day must be a whole number from 1 to ${round.days}`);
  if (day < currentDay)
    throw new AppError(
      'BAD_REQUEST',
      `Day ${day} is behind the member (today is day ${currentDay}); only today and later days can be changed.`,
    );
  return round;
}

/** Sets the member's own version of a day (its exercises in order), keeping the change. */
export async function setMemberProgramDay(
  deps: PlanDeps,
  { adminId, userId, day, input }: Coach & Target & { day: number; input: MemberDayInput },
) {
  const round = await checkAdjustable(deps, { userId, day });
  const { items, note } = memberDayItems(input);
  for (const { exerciseId, ...prescription } of items)
    await assertPrescriptionFits(deps.db, exerciseId, prescription);
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const before = await dayOf(tx, { userId, day });
    // The day's own version, in the member's current round, replaces all its exercises.
    await tx
      .delete(memberProgramDays)
      .where(and(eq(memberProgramDays.roundId, round.id), eq(memberProgramDays.day, day)));
    await tx.insert(memberProgramDays).values(
      items.map((item, i) => ({
        userId,
        roundId: round.id,
        day,
        position: i + 1,
        ...item,
        note,
        updatedAt: at,
        updatedBy: adminId,
      })),
    );
    const after = await dayOf(tx, { userId, day });
    await tx
      .insert(memberProgramDayChanges)
      .values({ userId, day, changedBy: adminId, changedAt: at, before, after });
  });
  return getMemberPlan(deps, { userId });
}

/** Gives the member the standard day back, keeping the change. */
export async function resetMemberProgramDay(
  deps: PlanDeps,
  { adminId, userId, day }: Coach & Target & { day: number },
) {
  const round = await checkAdjustable(deps, { userId, day });
  await deps.db.transaction(async (tx) => {
    const before = await dayOf(tx, { userId, day });
    const removed = await tx
      .delete(memberProgramDays)
      .where(and(eq(memberProgramDays.roundId, round.id), eq(memberProgramDays.day, day)))
      .returning({ day: memberProgramDays.day });
    if (removed.length === 0) throw new AppError('NOT_FOUND', `Day ${day} is already the standard day`);
    const after = await dayOf(tx, { userId, day });
    await tx
      .insert(memberProgramDayChanges)
      .values({ userId, day, changedBy: adminId, changedAt: deps.now(), before, after });
  });
  return getMemberPlan(deps, { userId });
}

async function dayOf(tx: DbOrTx, { userId, day }: Target & { day: number }) {
  const found = (await listMemberProgramDays(tx, { userId })).find((d) => d.day === day);
  return found ? snapshotOf(found) : null;
}
