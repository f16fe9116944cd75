import type { FitnessLevel } from '@core28/core/profile';
import { PROGRAM_DAYS } from '@core28/core/program';
import { CORE28_SLUG, type RoundScaling, scaledPrescription } from '@core28/core/rounds';
import {
  type ExerciseCategory,
  estimatedDaySeconds,
  estimatedSessionSeconds,
  fitPrescription,
  type Prescription,
  type ProgramDayInput,
  prescriptionMismatch,
  sessionPlan,
} from '@core28/core/session-plan';
import { and, asc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { namedStatement } from '../../platform/db/prepared.ts';
import { exercises, memberProgramDays, programExercises, programs, users } from '../../platform/db/schema.ts';

// A program's days are rows, day → exercises in order, each with its prescription (replacing spec
// §4's "day N is the Nth exercise by id"). Members read them through their round; coaches edit them.

/** Core28's days (program_exercises of the program whose slug is core28): the 28-day editor's. */
const programDays = programExercises;
const isCore28 = sql`${programExercises.programId} = (select id from ${programs} where slug = ${CORE28_SLUG})`;

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

// docs/decisions/0016 and 0026: a member trains the program of their current round; a 1-on-1 Burn
// member may have days of their own in it. Every read of a member's day N — /api/program, the
// session, today's exercise, the exercise list, the calendar and reminders — goes through
// listMemberProgramDays (or memberPlanJson, its twin in SQL), and nowhere else.

/** One exercise of a day, with what to do. */
export type DayItem = Pick<ProgramDay, 'exercise' | 'prescription'>;

/**
 * A member's day: its exercises in order (the first also as `exercise` and `prescription`, the
 * shape of a one-exercise day), the program's or their coach's version (`adjusted`, with a note),
 * scaled to the member (their level in their first round, harder on a repeat).
 */
export type MemberProgramDay = ProgramDay & { items: DayItem[]; adjusted: boolean; note: string };

/** The member's current round: the rounds row with the highest number. */
export const currentRoundSql = (userId: SQL | Placeholder) =>
  sql`(select r.id from rounds r where r.user_id = ${userId} order by r.number desc limit 1)`;

/**
 * The items of the member's current round's days: their own rows for a day they have, else the
 * program's, with the exercise, in day and item order; the round's scaling on every row.
 */
const memberItemsSql = (userId: SQL | Placeholder, number?: Placeholder) => sql`
  with r as (
    select r.id, r.program_id, r.number,
      (select count(*)::int from rounds e
        where e.user_id = r.user_id and e.program_id = r.program_id and e.number < r.number) as earlier,
      (select f.fitness_level from profiles f where f.user_id = r.user_id) as fitness_level
    from rounds r where r.user_id = ${userId} ${number ? sql`and r.number = ${number}` : sql``}
    order by r.number desc limit 1),
  own as (select o.* from member_program_days o join r on o.round_id = r.id),
  items as (
    select o.day, o.position, o.exercise_id, o.sets, o.work_seconds, o.target_reps, o.rest_seconds,
      o.updated_at, o.updated_by, true as adjusted, o.note from own o
    union all
    select d.day, d.position, d.exercise_id, d.sets, d.work_seconds, d.target_reps, d.rest_seconds,
      d.updated_at, d.updated_by, false, '' from program_exercises d join r on d.program_id = r.program_id
    where not exists (select 1 from own o where o.day = d.day))
  select i.day, i.position, i.sets, i.work_seconds as "workSeconds", i.target_reps as "targetReps",
    i.rest_seconds as "restSeconds", i.adjusted, i.note,
    to_char(i.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt",
    i.updated_by as "updatedBy",
    e.id as "exerciseId", e.name, e.category, e.exercise, e.description, e.demo_key as "demoKey",
    e.video_url as "videoUrl", e.video_key as "videoKey", e.video_type as "videoType",
    r.number as "roundNumber", r.earlier, r.fitness_level as "fitnessLevel"
  from items i join ${exercises} e on e.id = i.exercise_id cross join r
  order by i.day, i.position`;

type NonEmpty<T> = [T, ...T[]];

type ItemRow = {
  day: number;
  position: number;
  sets: number;
  workSeconds: number | null;
  targetReps: number | null;
  restSeconds: number;
  adjusted: boolean;
  note: string;
  updatedAt: string;
  updatedBy: string | null;
  exerciseId: number;
  name: string;
  category: ExerciseCategory;
  exercise: string;
  description: string;
  demoKey: string | null;
  videoUrl: string | null;
  videoKey: string | null;
  videoType: 'video/mp4' | 'video/webm' | null;
  roundNumber: number;
  earlier: number;
  fitnessLevel: FitnessLevel | null;
};

const memberItemsStatement = namedStatement<ItemRow>(() => memberItemsSql(sql.placeholder('userId')));
const roundItemsStatement = namedStatement<ItemRow>(() =>
  memberItemsSql(sql.placeholder('userId'), sql.placeholder('number')),
);

/** How a row's scaling reads (core rounds.ts). */
const scalingOf = (row: Pick<ItemRow, 'roundNumber' | 'earlier' | 'fitnessLevel'>): RoundScaling => ({
  fitnessLevel: row.fitnessLevel,
  roundNumber: row.roundNumber,
  earlierRoundsOfProgram: row.earlier,
});

/** Rows of items, grouped into days; a coach's own day is as the coach wrote it, never scaled. */
function daysOfItems<
  R extends Omit<ItemRow, 'updatedAt' | 'updatedBy' | 'description' | 'videoUrl' | 'videoKey' | 'videoType'>,
  D,
>(
  rows: readonly R[],
  toDay: (day: number, items: NonEmpty<{ row: R; prescription: Prescription }>) => D,
): D[] {
  const byDay = new Map<number, NonEmpty<{ row: R; prescription: Prescription }>>();
  for (const row of rows) {
    const { sets, workSeconds, targetReps, restSeconds } = row;
    const fitted = fitPrescription({ sets, workSeconds, targetReps, restSeconds }, row.category, row.day);
    const prescription = row.adjusted ? fitted : scaledPrescription(fitted, scalingOf(row));
    const items = byDay.get(row.day);
    if (items) items.push({ row, prescription });
    else byDay.set(row.day, [{ row, prescription }]);
  }
  return [...byDay].map(([day, items]) => toDay(day, items));
}

/** The member's current round's days, each with its exercises in order: one statement. */
export async function listMemberProgramDays(
  db: DbOrTx,
  { userId }: { userId: string },
): Promise<MemberProgramDay[]> {
  return memberDaysOf(await memberItemsStatement(db, { userId }));
}

/** The days of the member's round `number` (an earlier one, for its results), as they were done. */
export async function listRoundPlan(
  db: DbOrTx,
  { userId, number }: { userId: string; number: number },
): Promise<MemberProgramDay[]> {
  return memberDaysOf(await roundItemsStatement(db, { userId, number }));
}

function memberDaysOf(rows: ItemRow[]): MemberProgramDay[] {
  return daysOfItems(rows, (day, items) => {
    const dayItems = items.map(({ row, prescription }) => ({
      exercise: {
        id: row.exerciseId,
        name: row.name,
        category: row.category,
        exercise: row.exercise,
        description: row.description,
        demoKey: row.demoKey,
        videoUrl: row.videoUrl,
        videoKey: row.videoKey,
        videoType: row.videoType,
      },
      prescription,
    }));
    const [{ row: first }] = items;
    const [lead] = dayItems as NonEmpty<DayItem>;
    return { day, ...lead, items: dayItems, adjusted: first.adjusted, note: first.note };
  });
}

/** Day N of the member's current round (404 when it has no such day). */
export async function findMemberProgramDay(
  db: DbOrTx,
  { userId, day }: { userId: string; day: number },
): Promise<MemberProgramDay> {
  const found = (await listMemberProgramDays(db, { userId })).find((d) => d.day === day);
  if (!found) throw new AppError('NOT_FOUND', `Day ${day} has no exercise yet`);
  return found;
}

/** The session of a member's day: warm-up, each exercise's sets, cool-down. */
export function memberDaySession({ day, items }: Pick<MemberProgramDay, 'day' | 'items'>, circuit = false) {
  const steps = sessionPlan({ day, blocks: items, circuit });
  return { steps, estimatedSeconds: estimatedSessionSeconds(steps) };
}

/** A day's item as PostgreSQL builds it for the plan (memberPlanJson). */
type PlanRow = Pick<
  ItemRow,
  | 'day'
  | 'position'
  | 'sets'
  | 'workSeconds'
  | 'targetReps'
  | 'restSeconds'
  | 'adjusted'
  | 'note'
  | 'exerciseId'
  | 'name'
  | 'category'
  | 'demoKey'
  | 'exercise'
>;

const planColumns = (row: string) =>
  sql.raw(`${row}.day, ${row}.position, ${row}.sets,
  ${row}.work_seconds as "workSeconds", ${row}.target_reps as "targetReps", ${row}.rest_seconds as "restSeconds",
  e.id as "exerciseId", e.name, e.category, e.demo_key as "demoKey", e.exercise`);

/**
 * The member's plan (their current round's days, their own in their place) as one JSON value, so
 * GET /api/program reads it in the same statement as the member's rows: the same items as
 * listMemberProgramDays (member-plan.test.ts proves both agree), in SQL PostgreSQL plans quickly
 * (two index scans and uncorrelated subqueries for the round, no CTE), since every /api/program
 * runs it. The round's scaling is read once beside it (roundJson, the profile's level).
 */
export const memberPlanJson = (userId: Placeholder) => {
  const round = currentRoundSql(userId);
  const roundProgram = sql`(select r.program_id from rounds r where r.user_id = ${userId} order by r.number desc limit 1)`;
  return sql<PlanRow[]>`coalesce((select json_agg(p order by p.day, p.position) from (
    select ${planColumns('o')}, true as adjusted, o.note
      from ${memberProgramDays} o join ${exercises} e on e.id = o.exercise_id where o.round_id = ${round}
    union all
    select ${planColumns('d')}, false, ''
      from ${programExercises} d join ${exercises} e on e.id = d.exercise_id
      where d.program_id = ${roundProgram}
        and not exists (select 1 from ${memberProgramDays} o where o.round_id = ${round} and o.day = d.day)
  ) p), '[]'::json)`;
};

/** The plan of GET /api/program: every day, its exercises, prescriptions and estimated minutes. */
export function planOf(rows: PlanRow[], scaling: RoundScaling) {
  const scaled = rows.map((row) => ({
    ...row,
    roundNumber: scaling.roundNumber,
    earlier: scaling.earlierRoundsOfProgram,
    fitnessLevel: scaling.fitnessLevel,
  }));
  return daysOfItems(scaled, (day, items) => {
    const exercises = items.map(({ row, prescription }) => ({
      exercise: {
        id: row.exerciseId,
        name: row.name,
        category: row.category,
        demoKey: row.demoKey,
        exercise: row.exercise,
      },
      prescription,
    }));
    const [lead] = exercises as NonEmpty<(typeof exercises)[number]>;
    const seconds = estimatedDaySeconds(
      items.map(({ row, prescription }) => ({ category: row.category, prescription })),
    );
    const [{ row: first }] = items;
    return {
      day,
      exercise: lead.exercise,
      prescription: lead.prescription,
      exercises,
      estimatedMinutes: Math.round(seconds / 60),
      adjusted: first.adjusted,
      note: first.note,
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
    .where(and(isCore28, eq(programDays.position, 1)))
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
  if (day > PROGRAM_DAYS)
    throw new AppError('BAD_REQUEST', `Day must be a whole number from 1 to ${PROGRAM_DAYS}`);
  await assertPrescriptionFits(deps.db, exerciseId, prescription);
  const values = { exerciseId, ...prescription, updatedAt: deps.now(), updatedBy: adminId };
  await deps.db
    .insert(programDays)
    .values({
      programId: sql`(select id from ${programs} where slug = ${CORE28_SLUG})`,
      day,
      position: 1,
      ...values,
    })
    .onConflictDoUpdate({
      target: [programDays.programId, programDays.day, programDays.position],
      set: values,
    });
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
      .where(and(isCore28, eq(programDays.position, 1), inArray(programDays.day, [from, to])))
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
      .where(and(isCore28, eq(programDays.position, 1), eq(programDays.day, from)));
    await tx
      .update(programDays)
      .set({ ...contentOf(a), ...stamp })
      .where(and(isCore28, eq(programDays.position, 1), eq(programDays.day, to)));
  });
  return listAdminProgramDays(deps);
}
