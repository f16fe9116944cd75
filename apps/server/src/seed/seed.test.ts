import { slugify } from '@core28/core/blog';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blogArticles,
  exercises,
  homeExercises,
  programExercises as programDays,
  programs,
  seededContent,
  userRoles,
  users,
} from '../platform/db/schema.ts';
import { cookieFrom, createTestApp, json, type TestApp } from '../testing/harness.ts';
import { SEED_EXERCISES } from './content.ts';
import { SEED_EXTRA_EXERCISES, SEED_PROGRAMS } from './programs.ts';

const ALL_EXERCISES = SEED_EXERCISES.length + SEED_EXTRA_EXERCISES.length;

import { seed, seedContent } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seed', () => {
  it('writes the 28 exercises in program order and those the other programs add, home exercises and articles of every status', async () => {
    const rows = await t.db.select().from(exercises).orderBy(exercises.id);
    expect(rows).toHaveLength(ALL_EXERCISES);
    expect(rows.slice(0, 28).map((r) => r.name)).toEqual(SEED_EXERCISES.map((e) => e.name));
    expect(rows[0]?.name).toBe('Dead Bug');
    for (const row of rows) {
      expect(row.description).toMatch(/^1\. /);
      // An animated demonstration of its own, and no search-page link dressed as a video
      expect(row.demoKey).toBe(slugify(row.name));
      expect(row.videoUrl).toBeNull();
    }
    expect((await t.db.select({ n: count() }).from(homeExercises))[0]?.n).toBe(7);
    const articles = await t.db.select().from(blogArticles);
    const now = Date.now();
    expect(articles.filter((a) => a.published && a.publishedAt!.getTime() <= now)).toHaveLength(3);
    expect(articles.filter((a) => !a.published && a.publishedAt === null)).toHaveLength(1);
    expect(articles.filter((a) => a.published && a.publishedAt!.getTime() > now)).toHaveLength(1);
  });

  it('creates the verified owner, who coaches too and can sign in', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.email, t.config.admin.email));
    expect(admin?.emailVerified).toBe(true);
    const roles = await t.db.select().from(userRoles).where(eq(userRoles.userId, admin!.id));
    expect(roles.map((r) => r.role).sort()).toEqual(['coach', 'owner']);
    const res = await t.request('/api/auth/sign-in/email', {
      json: { email: t.config.admin.email, password: t.config.admin.password },
    });
    expect(res.status).toBe(200);
    const me = await json(await t.request('/api/me', { cookie: cookieFrom(res) }));
    expect(me.isAdmin).toBe(true);
  });

  it('is idempotent', async () => {
    await seed(t.deps);
    expect((await t.db.select({ n: count() }).from(exercises))[0]?.n).toBe(ALL_EXERCISES);
    expect(await daysOf('core28')).toBe(28);
    expect((await t.db.select({ n: count() }).from(blogArticles))[0]?.n).toBe(5);
    expect((await t.db.select({ n: count() }).from(userRoles))[0]?.n).toBe(2);
  });

  const countOf = async (
    table: typeof exercises | typeof programDays | typeof homeExercises | typeof blogArticles,
  ) => (await t.db.select({ n: count() }).from(table))[0]?.n;
  /** How many program_exercises rows the program has. */
  const daysOf = async (slug: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(programDays)
        .innerJoin(programs, eq(programs.id, programDays.programId))
        .where(eq(programs.slug, slug))
    )[0]?.n;
  const core28 = and(eq(programDays.programId, sql`(select id from programs where slug = 'core28')`));

  it('seeds the programs beyond Core28 with their exercises, each day in order, in the library', async () => {
    const library = await t.db
      .select({
        slug: programs.slug,
        days: programs.days,
        status: programs.status,
        circuit: programs.circuit,
      })
      .from(programs)
      .orderBy(asc(programs.position));
    expect(library).toEqual([
      { slug: 'core28', days: 28, status: 'published', circuit: false },
      ...SEED_PROGRAMS.map((p) => ({
        slug: p.slug,
        days: p.days.length,
        status: 'published',
        circuit: p.slug === 'express',
      })),
    ]);
    for (const program of SEED_PROGRAMS)
      expect(await daysOf(program.slug)).toBe(program.days.reduce((n, items) => n + items.length, 0));
    const [firstOfExpress] = await t.db
      .select({ position: programDays.position, name: exercises.name })
      .from(programDays)
      .innerJoin(programs, eq(programs.id, programDays.programId))
      .innerJoin(exercises, eq(exercises.id, programDays.exerciseId))
      .where(and(eq(programs.slug, 'express'), eq(programDays.day, 1), eq(programDays.position, 1)));
    expect(firstOfExpress?.name).toBe(
      SEED_PROGRAMS.find((p) => p.slug === 'express')?.days[0]?.[0]?.exercise,
    );
  });

  it('seeds the 28 program days, day N on the Nth seeded exercise, found by name', async () => {
    const days = await t.db
      .select({ day: programDays.day, name: exercises.name, sets: programDays.sets })
      .from(programDays)
      .innerJoin(exercises, eq(exercises.id, programDays.exerciseId))
      .where(core28)
      .orderBy(asc(programDays.day));
    expect(days.map((d) => d.day)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    expect(days.map((d) => d.name)).toEqual(SEED_EXERCISES.map((e) => e.name));
    expect(days.at(-1)!.sets).toBeGreaterThan(days[0]!.sets);
  });

  it('gives a database from before the program days its 28 days, keeping a renamed exercise on its day', async () => {
    await t.db.delete(programDays).where(core28);
    const [deadBug] = await t.db.select().from(exercises).where(eq(exercises.name, 'Dead Bug'));
    await t.db.update(exercises).set({ name: 'Dead Bug (slow)' }).where(eq(exercises.id, deadBug!.id));
    await seed(t.deps);
    expect(await daysOf('core28')).toBe(28);
    expect(await countOf(exercises)).toBe(ALL_EXERCISES);
    const [day1] = await t.db
      .select()
      .from(programDays)
      .where(and(core28, eq(programDays.day, 1)));
    expect(day1?.exerciseId).toBe(deadBug!.id);
    await t.db.update(exercises).set({ name: 'Dead Bug' }).where(eq(exercises.id, deadBug!.id));
  });

  it('does not bring back sample content a coach deleted', async () => {
    await t.db.delete(blogArticles);
    await t.db.delete(homeExercises);
    await seed(t.deps);
    expect(await countOf(blogArticles)).toBe(0);
    expect(await countOf(homeExercises)).toBe(0);
    expect(await countOf(exercises)).toBe(ALL_EXERCISES);
  });

  it('run by two instances at once on an empty database, writes everything once', async () => {
    await t.db.delete(programDays);
    await t.db.delete(programs).where(sql`slug <> 'core28'`);
    await t.db.delete(exercises);
    await t.db.delete(homeExercises);
    await t.db.delete(blogArticles);
    await t.db.delete(seededContent); // a database never seeded
    // The content part, as two starts reach it after their admin checks (which take their own time).
    await Promise.all([0, 1, 2].map(() => seedContent(t.deps, { adminId: null })));
    expect(await countOf(exercises)).toBe(ALL_EXERCISES);
    expect(await daysOf('core28')).toBe(28);
    for (const program of SEED_PROGRAMS)
      expect(await daysOf(program.slug)).toBe(program.days.reduce((n, items) => n + items.length, 0));
    expect(await countOf(homeExercises)).toBe(7);
    expect(await countOf(blogArticles)).toBe(5);
  });
});
