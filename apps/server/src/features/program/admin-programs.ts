import { slugify } from '@core28/core/blog';
import {
  copyName,
  emptyDays,
  emptyDaysMessage,
  type ProgramDayItems,
  type ProgramInput,
  type ProgramUpdate,
} from '@core28/core/program-admin';
import { CORE28_SLUG } from '@core28/core/rounds';
import { fitPrescription, prescriptionMismatch } from '@core28/core/session-plan';
import { and, asc, eq, gt, inArray, like, or, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type DbOrTx, oneRow, rowsOf } from '../../platform/db/index.ts';
import { exercises, programExercises, programs, users } from '../../platform/db/schema.ts';
import { isNotAdminSql } from '../auth/service.ts';
import { roundStatusSql } from './round-status-sql.ts';

// The coaches' side of programs (docs/decisions/0026): the list with its rounds, a program with its
// days, creating, editing, a day's whole exercise list, duplicating, publishing and retiring.
// Members' rows are never touched here: a retired program's running rounds go on (the library lists
// only published programs and startRound refuses any other).

type Coach = { adminId: string };
type Deps2 = Pick<Deps, 'db' | 'now'>;

const programColumns = {
  id: programs.id,
  slug: programs.slug,
  name: programs.name,
  level: programs.level,
  days: programs.days,
  description: programs.description,
  circuit: programs.circuit,
  status: programs.status,
  position: programs.position,
  updatedAt: programs.updatedAt,
};

/** Members' rounds only (an admin's own round 1 is no member's). */
const memberRound = isNotAdminSql(sql`r.user_id`);
/** The listed program's id, qualified: drizzle writes a one-table select's columns bare ("id"). */
const listedId = sql.raw('"programs"."id"');

/** Every program, in the library's order, with its days filled and its members' rounds. */
export async function listAdminPrograms({ db, now }: Deps2) {
  const at = now();
  const rows = await db
    .select({
      ...programColumns,
      daysFilled: sql<number>`(select count(distinct d.day)::int from ${programExercises} d
        where d.program_id = ${listedId} and d.day <= "programs"."days")`,
      // One index range each (rounds_program_idx): the count of a program's rounds, and its rounds
      // started within its length (the only ones that can be running).
      roundsStarted: sql<number>`(select count(*)::int from rounds r where r.program_id = ${listedId} and ${memberRound})`,
      roundsRunning: sql<number>`(select count(*)::int from (${roundStatusSql(listedId, at, { recentOnly: true })}) s
        where s.status = 'running')`,
    })
    .from(programs)
    .orderBy(asc(programs.position), asc(programs.id));
  return { programs: rows.map(({ updatedAt, ...row }) => ({ ...row, updatedAt: updatedAt.toISOString() })) };
}

async function findProgram(db: DbOrTx, id: number, { lock = false } = {}) {
  const query = db.select().from(programs).where(eq(programs.id, id));
  const [program] = await (lock ? query.for('update') : query);
  if (!program) throw new AppError('NOT_FOUND', 'No such program');
  return program;
}

/** A program with every day 1..days, each its exercises in order with their prescriptions. */
export async function getAdminProgram({ db }: Pick<Deps, 'db'>, { id }: { id: number }) {
  const program = await findProgram(db, id);
  const [items, [editor]] = await Promise.all([
    db
      .select({
        day: programExercises.day,
        position: programExercises.position,
        sets: programExercises.sets,
        workSeconds: programExercises.workSeconds,
        targetReps: programExercises.targetReps,
        restSeconds: programExercises.restSeconds,
        exercise: {
          id: exercises.id,
          name: exercises.name,
          category: exercises.category,
          exercise: exercises.exercise,
          demoKey: exercises.demoKey,
        },
      })
      .from(programExercises)
      .innerJoin(exercises, eq(exercises.id, programExercises.exerciseId))
      .where(eq(programExercises.programId, id))
      .orderBy(asc(programExercises.day), asc(programExercises.position)),
    program.updatedBy
      ? db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, program.updatedBy))
      : [],
  ]);
  const days = Array.from({ length: program.days }, (_, i) => ({
    day: i + 1,
    items: items
      .filter((item) => item.day === i + 1)
      .map(({ exercise, sets, workSeconds, targetReps, restSeconds, day }) => ({
        exercise,
        prescription: fitPrescription({ sets, workSeconds, targetReps, restSeconds }, exercise.category, day),
      })),
  }));
  const { createdAt: _created, updatedBy: _by, ...fields } = program;
  return {
    program: {
      ...fields,
      updatedAt: program.updatedAt.toISOString(),
      updatedBy: editor ? editor.name.trim() || editor.email : null,
      emptyDays: emptyDays(
        program.days,
        days.filter((d) => d.items.length > 0).map((d) => d.day),
      ),
    },
    days,
  };
}

/** The slug of `name`, with -2, -3… when it is taken. */
async function freeSlug(db: DbOrTx, name: string) {
  const base = slugify(name).slice(0, 60).replace(/-+$/, '');
  const taken = new Set(
    (
      await db
        .select({ slug: programs.slug })
        .from(programs)
        .where(or(eq(programs.slug, base), like(programs.slug, `${base}-%`)))
    ).map((p) => p.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

const nextPosition = sql`(select coalesce(max(position), 0) + 1 from ${programs})`;

/** A new draft program; its slug is made from the name and kept for good. */
export async function createProgram(deps: Deps2, { adminId, input }: Coach & { input: ProgramInput }) {
  const at = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const created = await tx
      .insert(programs)
      .values({
        ...input,
        slug: await freeSlug(tx, input.name),
        status: 'draft',
        position: nextPosition,
        createdAt: at,
        updatedAt: at,
        updatedBy: adminId,
      })
      .returning({ id: programs.id });
    return oneRow(created).id;
  });
  return getAdminProgram(deps, { id });
}

/**
 * A change to the program's fields. Shortening it is refused while a member's round is on a day
 * past the new length (their days would vanish under them); the days beyond it go.
 */
export async function updateProgram(
  deps: Deps2,
  { adminId, id, input }: Coach & { id: number; input: ProgramUpdate },
) {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const program = await findProgram(tx, id, { lock: true });
    const days = input.days ?? program.days;
    if (program.slug === CORE28_SLUG && days !== program.days)
      throw new AppError(
        'CONFLICT',
        'Core28 keeps its 28 days: every member’s first round is built on them.',
      );
    if (days < program.days) {
      const [beyond] = await rowsOf<{ n: number; furthest: number }>(
        tx,
        sql`select count(*)::int as n, coalesce(max(s.day_number), 0)::int as furthest
            from (${roundStatusSql(sql`${id}`, at, { recentOnly: true })}) s
            where s.status <> 'finished' and s.ended_at is null and s.day_number > ${days}`,
      );
      if (beyond && beyond.n > 0)
        throw new AppError(
          'CONFLICT',
          `${beyond.n === 1 ? 'A member is' : `${beyond.n} members are`} on day ${beyond.furthest} of this program: it cannot be shorter than ${beyond.furthest} days until their rounds end.`,
        );
      await tx
        .delete(programExercises)
        .where(and(eq(programExercises.programId, id), gt(programExercises.day, days)));
    }
    await tx
      .update(programs)
      .set({ ...input, updatedAt: at, updatedBy: adminId })
      .where(eq(programs.id, id));
  });
  return getAdminProgram(deps, { id });
}

/** 400 unless every exercise exists and each prescription fits its exercise's category. */
async function assertItemsFit(db: DbOrTx, items: ProgramDayItems['items']) {
  const ids = [...new Set(items.map((item) => item.exerciseId))];
  const found = await db
    .select({ id: exercises.id, category: exercises.category, name: exercises.name })
    .from(exercises)
    .where(inArray(exercises.id, ids));
  items.forEach(({ exerciseId, ...prescription }, i) => {
    const exercise = found.find((e) => e.id === exerciseId);
    if (!exercise) throw new AppError('BAD_REQUEST', `Exercise ${i + 1}: no such exercise`);
    const mismatch = prescriptionMismatch(prescription, exercise.category);
    if (mismatch) throw new AppError('BAD_REQUEST', `Exercise ${i + 1} (${exercise.name}): ${mismatch}`);
  });
}

/** A day's whole exercise list, replaced in one transaction (members read the day as it was or as it is). */
export async function setProgramDay(
  deps: Deps2,
  { adminId, id, day, input }: Coach & { id: number; day: number; input: ProgramDayItems },
) {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const program = await findProgram(tx, id, { lock: true });
    if (day > program.days)
      throw new AppError('BAD_REQUEST', `Day must be a whole number from 1 to ${program.days}`);
    await assertItemsFit(tx, input.items);
    await tx
      .delete(programExercises)
      .where(and(eq(programExercises.programId, id), eq(programExercises.day, day)));
    await tx.insert(programExercises).values(
      input.items.map((item, i) => ({
        programId: id,
        day,
        position: i + 1,
        ...item,
        updatedAt: at,
        updatedBy: adminId,
      })),
    );
    await tx.update(programs).set({ updatedAt: at, updatedBy: adminId }).where(eq(programs.id, id));
  });
  return getAdminProgram(deps, { id });
}

/** A draft copy, "<name> (copy)", with every day of the original. */
export async function duplicateProgram(deps: Deps2, { adminId, id }: Coach & { id: number }) {
  const at = deps.now();
  const copyId = await deps.db.transaction(async (tx) => {
    const original = await findProgram(tx, id);
    const name = copyName(original.name);
    const copy = await tx
      .insert(programs)
      .values({
        slug: await freeSlug(tx, name),
        name,
        level: original.level,
        days: original.days,
        description: original.description,
        circuit: original.circuit,
        status: 'draft',
        position: nextPosition,
        createdAt: at,
        updatedAt: at,
        updatedBy: adminId,
      })
      .returning({ id: programs.id })
      .then(oneRow);
    const rows = await tx.select().from(programExercises).where(eq(programExercises.programId, id));
    if (rows.length)
      await tx
        .insert(programExercises)
        .values(rows.map((row) => ({ ...row, programId: copy.id, updatedAt: at, updatedBy: adminId })));
    return copy.id;
  });
  return getAdminProgram(deps, { id: copyId });
}

/** In the library: only when every day 1..days has an exercise (else 400 naming the empty days). */
export async function publishProgram(deps: Deps2, { adminId, id }: Coach & { id: number }) {
  await deps.db.transaction(async (tx) => {
    const program = await findProgram(tx, id, { lock: true });
    const filled = await tx
      .selectDistinct({ day: programExercises.day })
      .from(programExercises)
      .where(eq(programExercises.programId, id));
    const empty = emptyDays(
      program.days,
      filled.map((d) => d.day),
    );
    if (empty.length)
      throw new AppError('BAD_REQUEST', `${emptyDaysMessage(empty)}: fill every day to publish.`);
    await tx
      .update(programs)
      .set({ status: 'published', updatedAt: deps.now(), updatedBy: adminId })
      .where(eq(programs.id, id));
  });
  return getAdminProgram(deps, { id });
}

/**
 * Out of the library, and no new round may start it; members in a running round of it go on
 * training. Core28 stays: every member's first round (and the trial) is a round of it.
 */
export async function retireProgram(deps: Deps2, { adminId, id }: Coach & { id: number }) {
  await deps.db.transaction(async (tx) => {
    const program = await findProgram(tx, id, { lock: true });
    if (program.slug === CORE28_SLUG)
      throw new AppError('CONFLICT', 'Core28 cannot be retired: every new member starts with it.');
    if (program.status !== 'published')
      throw new AppError('CONFLICT', 'Only a published program can be retired.');
    await tx
      .update(programs)
      .set({ status: 'retired', updatedAt: deps.now(), updatedBy: adminId })
      .where(eq(programs.id, id));
  });
  return getAdminProgram(deps, { id });
}
