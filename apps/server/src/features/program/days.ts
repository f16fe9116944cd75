import {
  type ExerciseCategory,
  estimatedPrescriptionSeconds,
  estimatedSessionSeconds,
  fitPrescription,
  type ProgramDayInput,
  prescriptionMismatch,
  sessionPlan,
} from '@core28/core/session-plan';
import { and, asc, eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { prepared } from '../../platform/db/prepared.ts';
import { exercises, memberProgramDays, programDays, users } from '../../platform/db/schema.ts';

// The program is 28 rows, day → exercise + prescription (replacing spec §4's "day N is
// the Nth exercise by id"). Members read them through the plan; the coach edits them.

const dayColumns = {
  day: programDays.day,
  sets: programDays.sets,
  workSeconds: programDays.workSeconds,
  targetReps: programDays.targetReps,
  restSeconds: programDays.restSeconds,
  updatedAt: programDays.updatedAt,
  updatedBy: programDays.updatedBy,
  exercise: {
    id: exercises.id,
    name: exercises.name,
    category: exercises.category,
    exercise: exercises.exercise,
    description: exercises.description,
    demoKey: exercises.demoKey,
    videoUrl: exercises.videoUrl,
    videoKey: exercises.videoKey,
    videoType: exercises.videoType,
  },
};

type DayRow = {
  day: number;
  sets: number;
  workSeconds: number | null;
  targetReps: number | null;
  restSeconds: number;
  updatedAt: Date;
  updatedBy: string | null;
  exercise: Pick<
    typeof exercises.$inferSelect,
    | 'id'
    | 'name'
    | 'category'
    | 'exercise'
    | 'description'
    | 'demoKey'
    | 'videoUrl'
    | 'videoKey'
    | 'videoType'
  >;
};

/** A day as the program shows it: the exercise (with its demonstration) and what to do. */
export function toProgramDay(row: DayRow) {
  const { day, exercise } = row;
  const prescription = fitPrescription(
    {
      sets: row.sets,
      workSeconds: row.workSeconds,
      targetReps: row.targetReps,
      restSeconds: row.restSeconds,
    },
    exercise.category,
    day,
  );
  return { day, exercise, prescription };
}
export type ProgramDay = ReturnType<typeof toProgramDay>;

/** The session of a day: its steps from core sessionPlan, and how long it should take. */
export function daySession({ day, exercise, prescription }: ProgramDay) {
  const steps = sessionPlan({ day, exercise, prescription });
  return { steps, estimatedSeconds: estimatedSessionSeconds(steps) };
}

// docs/decisions/0016: a 1-on-1 Burn member may have days of their own. Every read of
// a member's day N — /api/program, the session, today's exercise, the exercise list (and issue
// 20's calendar and reminders) — goes through listMemberProgramDays, and nowhere else.

/** A member's day: the standard one, or their coach's version of it (`adjusted`, with a note). */
export type MemberProgramDay = ProgramDay & { adjusted: boolean; note: string };

/** The member's own version of a day, joined beside the standard one (one row per day). */
const own = alias(memberProgramDays, 'own');
/** The member's value of a day's column when the coach set one, else the standard's. */
const ownOr = <T extends AnyPgColumn>(ownColumn: AnyPgColumn, standard: T) =>
  sql`case when ${own.userId} is null then ${standard} else ${ownColumn} end`.mapWith(standard);

/**
 * The member's program: the 28 standard days with the member's own days in their place, in one
 * prepared statement (it was two, on every program read).
 */
export async function listMemberProgramDays(
  db: DbOrTx,
  { userId }: { userId: string },
): Promise<MemberProgramDay[]> {
  const rows = await prepared(db, memberDaysStatement).execute({ userId });
  return rows.map(({ adjusted, note, ...row }) => ({ ...toProgramDay(row), adjusted, note }));
}

const memberDaysStatement = (db: DbOrTx) =>
  db
    .select({
      day: programDays.day,
      sets: ownOr(own.sets, programDays.sets),
      workSeconds: ownOr(own.workSeconds, programDays.workSeconds),
      targetReps: ownOr(own.targetReps, programDays.targetReps),
      restSeconds: ownOr(own.restSeconds, programDays.restSeconds),
      updatedAt: ownOr(own.updatedAt, programDays.updatedAt),
      updatedBy: ownOr(own.updatedBy, programDays.updatedBy),
      adjusted: sql<boolean>`${own.userId} is not null`.mapWith(Boolean),
      note: sql<string>`coalesce(${own.note}, '')`,
      exercise: dayColumns.exercise,
    })
    .from(programDays)
    .leftJoin(own, and(eq(own.userId, sql.placeholder('userId')), eq(own.day, programDays.day)))
    .innerJoin(exercises, eq(exercises.id, sql`coalesce(${own.exerciseId}, ${programDays.exerciseId})`))
    .orderBy(asc(programDays.day))
    .prepare('core28_member_program_days');

/** Day N of the member's program (404 when the program has no such day yet). */
export async function findMemberProgramDay(
  db: DbOrTx,
  { userId, day }: { userId: string; day: number },
): Promise<MemberProgramDay> {
  const found = (await listMemberProgramDays(db, { userId })).find((d) => d.day === day);
  if (!found) throw new AppError('NOT_FOUND', `Day ${day} has no exercise yet`);
  return found;
}

/** A day of the member's plan as PostgreSQL builds it (memberPlanJson). */
type PlanRow = {
  day: number;
  sets: number;
  workSeconds: number | null;
  targetReps: number | null;
  restSeconds: number;
  adjusted: boolean;
  note: string;
  exerciseId: number;
  name: string;
  category: ExerciseCategory;
  demoKey: string | null;
  exercise: string;
};

/**
 * The member's plan (the 28 standard days, the member's own in their place) as one JSON
 * value, so GET /api/program reads it in the same statement as the member's rows. The same days
 * as listMemberProgramDays, in SQL of its own: member-plan.test.ts proves both agree. `userId` is
 * the statement's placeholder, not the outer row's column: drizzle names a column of a one-table
 * select without its table, which inside this subquery would be own.user_id. json_agg of whole
 * rows, not json_build_object per row: PostgreSQL looks the columns' types up once, not per row
 * (~50 µs less per read).
 */
export const memberPlanJson = (userId: Placeholder) => sql<PlanRow[]>`coalesce((
  select json_agg(p order by p.day) from (
    select d.day,
      case when own.user_id is null then d.sets else own.sets end as "sets",
      case when own.user_id is null then d.work_seconds else own.work_seconds end as "workSeconds",
      case when own.user_id is null then d.target_reps else own.target_reps end as "targetReps",
      case when own.user_id is null then d.rest_seconds else own.rest_seconds end as "restSeconds",
      own.user_id is not null as "adjusted",
      coalesce(own.note, '') as "note",
      e.id as "exerciseId", e.name as "name", e.category as "category", e.demo_key as "demoKey",
      e.exercise as "exercise"
    from ${programDays} d
    left join ${memberProgramDays} own on own.user_id = ${userId} and own.day = d.day
    join ${exercises} e on e.id = coalesce(own.exercise_id, d.exercise_id)) p), '[]'::json)`;

/** The plan of GET /api/program: every day, its exercise, prescription and estimated minutes. */
export function planOf(rows: PlanRow[]) {
  return rows.map((row) => {
    const { day, sets, workSeconds, targetReps, restSeconds, category } = row;
    const prescription = fitPrescription({ sets, workSeconds, targetReps, restSeconds }, category, day);
    return {
      day,
      exercise: {
        id: row.exerciseId,
        name: row.name,
        category,
        demoKey: row.demoKey,
        exercise: row.exercise,
      },
      prescription,
      estimatedMinutes: Math.round(estimatedPrescriptionSeconds(category, prescription) / 60),
      adjusted: row.adjusted,
      note: row.note,
    };
  });
}

// ---- the coach's side (/api/admin/program-days) ----

/** Days as /admin/exercises shows them: who changed each last (the coach's name, else e-mail). */
export async function listAdminProgramDays({ db }: Pick<Deps, 'db'>) {
  const rows = await db
    .select({ ...dayColumns, editor: { name: users.name, email: users.email } })
    .from(programDays)
    .innerJoin(exercises, eq(exercises.id, programDays.exerciseId))
    .leftJoin(users, eq(users.id, programDays.updatedBy))
    .orderBy(asc(programDays.day));
  return {
    days: rows.map(({ editor, ...row }) => {
      const { day, exercise, prescription } = toProgramDay(row);
      return {
        day,
        exercise: { id: exercise.id, name: exercise.name, category: exercise.category },
        prescription,
        updatedAt: row.updatedAt.toISOString(),
        updatedBy: editor ? editor.name.trim() || editor.email : null,
      };
    }),
  };
}

type Coach = { adminId: string };

/** 400 unless the exercise exists and the prescription fits its category (a program day's or a member's). */
export async function assertPrescriptionFits(
  db: DbOrTx,
  exerciseId: number,
  prescription: Parameters<typeof prescriptionMismatch>[0],
) {
  const [exercise] = await db
    .select({ category: exercises.category })
    .from(exercises)
    .where(eq(exercises.id, exerciseId));
  if (!exercise) throw new AppError('BAD_REQUEST', 'No such exercise');
  const mismatch = prescriptionMismatch(prescription, exercise.category);
  if (mismatch) throw new AppError('BAD_REQUEST', mismatch);
}

/** 400 unless the exercise exists and the prescription fits its category. */
export async function updateProgramDay(
  deps: Pick<Deps, 'db' | 'now'>,
  { adminId, day, input }: Coach & { day: number; input: ProgramDayInput },
) {
  const { exerciseId, ...prescription } = input;
  await assertPrescriptionFits(deps.db, exerciseId, prescription);
  const values = { exerciseId, ...prescription, updatedAt: deps.now(), updatedBy: adminId };
  await deps.db
    .insert(programDays)
    .values({ day, ...values })
    .onConflictDoUpdate({ target: programDays.day, set: values });
  const { days } = await listAdminProgramDays(deps);
  const updated = days.find((d) => d.day === day);
  if (!updated) throw new AppError('NOT_FOUND', `Day ${day} has no exercise yet`);
  return updated;
}

/** The two days trade exercise and prescription, in one transaction with both rows locked. */
export async function swapProgramDays(
  deps: Pick<Deps, 'db' | 'now'>,
  { adminId, from, to }: Coach & { from: number; to: number },
) {
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(programDays)
      .where(inArray(programDays.day, [from, to]))
      .orderBy(asc(programDays.day))
      .for('update');
    const [a, b] = [rows.find((r) => r.day === from), rows.find((r) => r.day === to)];
    if (!a || !b) throw new AppError('NOT_FOUND', `Day ${a ? to : from} has no exercise yet`);
    const stamp = { updatedAt: deps.now(), updatedBy: adminId };
    const contentOf = ({ exerciseId, sets, workSeconds, targetReps, restSeconds }: typeof a) => ({
      exerciseId,
      sets,
      workSeconds,
      targetReps,
      restSeconds,
    });
    await tx
      .update(programDays)
      .set({ ...contentOf(b), ...stamp })
      .where(eq(programDays.day, from));
    await tx
      .update(programDays)
      .set({ ...contentOf(a), ...stamp })
      .where(eq(programDays.day, to));
  });
  return listAdminProgramDays(deps);
}
