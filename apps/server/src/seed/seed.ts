import { slugify } from '@core28/core/blog';
import { PROGRAM_DAYS } from '@core28/core/program';
import { CORE28_SLUG } from '@core28/core/rounds';
import { defaultPrescription } from '@core28/core/session-plan';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Deps } from '../context.ts';
import type { DbOrTx } from '../platform/db/index.ts';
import {
  blogArticles,
  exercises,
  homeExercises,
  programExercises,
  programs,
  seededContent,
} from '../platform/db/schema.ts';
import { SEED_ARTICLES, SEED_EXERCISES, SEED_HOME_EXERCISES } from './content.ts';
import { ensureOwner } from './owner.ts';
import { SEED_EXTRA_EXERCISES, SEED_PROGRAMS } from './programs.ts';

const DAY_MS = 86_400_000;

/**
 * The session lock a starting instance holds around seed() (DatabaseHandle.exclusively): the
 * admin account is several writes (user, credential, role) that two instances must not interleave.
 * Not the content's transaction lock below: that one is taken on another connection meanwhile.
 */
export const SEED_LOCK = 'core28:seed-admin';

/** Idempotent: the owner's account (seed/owner.ts), then the content (seedContent). Run it under SEED_LOCK. */
export async function seed(deps: Deps) {
  const adminId = await ensureOwner(deps);
  await seedContent(deps, { adminId });
}

/**
 * Safe to run again, and by two instances starting at once: the content is written in one
 * transaction under an advisory lock, each part of the sample content once (seedOnce), the
 * program's 28 days whenever one is missing.
 */
export async function seedContent(deps: Deps, { adminId }: { adminId: string | null }) {
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('core28:seed'))`);
    await seedProgram(tx, deps.log);
    await seedMorePrograms(tx, deps.log);
    await seedHomeAndArticles(tx, deps.log, { adminId, now: deps.now() });
  });
}

/**
 * Writes one part of the sample content, once in the database's life: into an empty table, and
 * recorded in seeded_content whether written or found there. A coach who later deletes it all
 * (the sample articles, say) does not get it back at the next start (docs/decisions/0012 §Seed).
 */
async function seedOnce(tx: DbOrTx, part: string, table: PgTable, write: () => Promise<void>) {
  const [seeded] = await tx.select().from(seededContent).where(eq(seededContent.part, part));
  if (seeded) return;
  const [rows] = await tx.select({ n: count() }).from(table);
  if (rows?.n === 0) await write();
  await tx.insert(seededContent).values({ part });
}

async function seedHomeAndArticles(
  tx: DbOrTx,
  log: Deps['log'],
  { adminId, now }: { adminId: string | null; now: Date },
) {
  await seedOnce(tx, 'home_exercises', homeExercises, async () => {
    await tx.insert(homeExercises).values(SEED_HOME_EXERCISES);
  });
  await seedOnce(tx, 'articles', blogArticles, async () => {
    await tx.insert(blogArticles).values(
      SEED_ARTICLES.map(({ status, daysAgo, ...article }) => {
        const at = new Date(now.getTime() - daysAgo * DAY_MS);
        return {
          ...article,
          authorId: adminId,
          published: status !== 'draft',
          publishedAt: status === 'draft' ? null : at,
          createdAt: status === 'scheduled' ? now : at,
        };
      }),
    );
    log.info({ count: SEED_ARTICLES.length }, 'seeded articles');
  });
}

/**
 * The exercises and the 28 program days. The exercises go only into an empty table,
 * all or none, once (a coach's renames and additions are never undone); the days by day number (on
 * conflict do nothing), each day's exercise found by its seeded name, else (a database whose
 * coach renamed it) the Nth by id, as spec §4 had it.
 */
async function seedProgram(tx: DbOrTx, log: Deps['log']) {
  await seedOnce(tx, 'exercises', exercises, async () => {
    // One insert per row keeps ids in program order.
    // Each has an animated demonstration under slugify(name) and no video of its own.
    for (const e of SEED_EXERCISES) await tx.insert(exercises).values({ ...e, demoKey: slugify(e.name) });
    log.info({ count: SEED_EXERCISES.length }, 'seeded exercises');
  });
  // Core28 itself is made by its migration (0022), so every database has it.
  const [core28] = await tx.select({ id: programs.id }).from(programs).where(eq(programs.slug, CORE28_SLUG));
  if (!core28) return;
  const [dayCount] = await tx
    .select({ n: count() })
    .from(programExercises)
    .where(eq(programExercises.programId, core28.id));
  if ((dayCount?.n ?? 0) >= PROGRAM_DAYS) return;
  const byId = await tx
    .select({ id: exercises.id, name: exercises.name, category: exercises.category })
    .from(exercises)
    .orderBy(asc(exercises.id));
  const byName = new Map<string, (typeof byId)[number]>();
  for (const e of byId) if (!byName.has(e.name)) byName.set(e.name, e);
  const rows = SEED_EXERCISES.slice(0, PROGRAM_DAYS).flatMap((seeded, i) => {
    const day = i + 1;
    const exercise = byName.get(seeded.name) ?? byId[i];
    return exercise
      ? [
          {
            programId: core28.id,
            day,
            exerciseId: exercise.id,
            ...defaultPrescription(day, exercise.category),
          },
        ]
      : [];
  });
  if (rows.length === 0) return;
  const inserted = await tx
    .insert(programExercises)
    .values(rows)
    .onConflictDoNothing()
    .returning({ day: programExercises.day });
  if (inserted.length) log.info({ count: inserted.length }, 'seeded program days');
}

/** The library's order: Core28 first (its migration made it), then these. */
const LIBRARY_ORDER: Record<string, number> = { foundations: 2, 'core28-round-2': 3, express: 4 };
/** Programs that go round their exercises set by set. */
const CIRCUITS = new Set(['express']);

/**
 * The programs beyond Core28 and the exercises they add, once in the database's life (a database
 * made before them gets them at its next start): an exercise a coach already has by that name is
 * used as it is; a program a coach already made with that slug is left alone.
 */
async function seedMorePrograms(tx: DbOrTx, log: Deps['log']) {
  const [seeded] = await tx.select().from(seededContent).where(eq(seededContent.part, 'programs'));
  if (seeded) return;
  const existing = await tx
    .select({ id: exercises.id, name: exercises.name, category: exercises.category })
    .from(exercises);
  const byName = new Map(existing.map((e) => [e.name, e]));
  for (const e of SEED_EXTRA_EXERCISES) {
    if (byName.has(e.name)) continue;
    const [added] = await tx
      .insert(exercises)
      .values({ ...e, demoKey: slugify(e.name) })
      .returning({ id: exercises.id, name: exercises.name, category: exercises.category });
    if (added) byName.set(added.name, added);
  }
  for (const program of SEED_PROGRAMS) {
    const [made] = await tx
      .insert(programs)
      .values({
        slug: program.slug,
        name: program.name,
        level: program.level,
        days: program.days.length,
        description: program.description,
        circuit: CIRCUITS.has(program.slug),
        status: 'published',
        position: LIBRARY_ORDER[program.slug] ?? 10,
      })
      .onConflictDoNothing({ target: programs.slug })
      .returning({ id: programs.id });
    if (!made) continue;
    const rows = program.days.flatMap((items, i) =>
      items.flatMap((item, position) => {
        const exercise = byName.get(item.exercise);
        if (!exercise) return [];
        return [
          {
            programId: made.id,
            day: i + 1,
            position: position + 1,
            exerciseId: exercise.id,
            sets: item.sets,
            workSeconds: item.workSeconds ?? null,
            targetReps: item.targetReps ?? null,
            restSeconds: item.restSeconds,
          },
        ];
      }),
    );
    if (rows.length) await tx.insert(programExercises).values(rows);
  }
  await tx.insert(seededContent).values({ part: 'programs' }).onConflictDoNothing();
  log.info({ count: SEED_PROGRAMS.length }, 'seeded programs');
}
