import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/harness.ts';
import type { DatabaseHandle } from './index.ts';
import { withCompiledRowMapper } from './row-mapper.ts';
import { profiles, users } from './schema.ts';

// The compiled mapper must give exactly what drizzle's own mapping gives, statement by statement:
// each builder below is prepared twice, once left to drizzle, once with the compiled mapper.

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  const { db } = database;
  await db.insert(users).values([
    { id: 'rm-with', email: 'with@rm.example', name: 'With', emailVerified: true },
    { id: 'rm-without', email: 'without@rm.example', name: 'Without', image: 'x.png' },
  ]);
  await db.insert(profiles).values({
    userId: 'rm-with',
    firstName: 'Ada',
    age: 41,
    goals: ['core', 'posture'],
    gender: 'female',
  });
});
afterAll(() => database.close());

let names = 0;
async function bothWays<T extends { prepare: (name: string) => { execute: () => Promise<unknown> } }>(
  query: T,
) {
  const drizzles = await query.prepare(`rm_drizzle_${++names}`).execute();
  const compiled = await withCompiledRowMapper(query.prepare(`rm_compiled_${names}`)).execute();
  return { drizzles, compiled };
}

it('maps nested objects, SQL fields and a left join, with and without its row', async () => {
  const { db } = database;
  const { drizzles, compiled } = await bothWays(
    db
      .select({
        user: { id: users.id, email: users.email, verified: users.emailVerified, createdAt: users.createdAt },
        initial: sql<string>`upper(left(${users.name}, 1))`,
        hasImage: sql<boolean>`${users.image} is not null`.mapWith(Boolean),
        profile: getTableColumns(profiles),
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(sql`${users.id} like 'rm-%'`)
      .orderBy(users.id),
  );
  expect(compiled).toStrictEqual(drizzles);
  const [withProfile, withoutProfile] = compiled as Record<string, unknown>[];
  expect(withProfile).toMatchObject({
    initial: 'W',
    hasImage: false,
    profile: { firstName: 'Ada', age: 41 },
  });
  expect((withProfile!.user as { createdAt: unknown }).createdAt).toBeInstanceOf(Date);
  expect((withProfile!.profile as { registrationDate: unknown }).registrationDate).toBeInstanceOf(Date);
  expect(withoutProfile).toMatchObject({ hasImage: true, profile: null });
});

it('maps whole tables of a join, a plain select, and an update’s returning', async () => {
  const { db } = database;
  const joined = await bothWays(
    db
      .select()
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, 'rm-without')),
  );
  expect(joined.compiled).toStrictEqual(joined.drizzles);
  expect(joined.compiled).toMatchObject([{ users: { id: 'rm-without' }, profiles: null }]);

  const plain = await bothWays(db.select().from(profiles).where(eq(profiles.userId, 'rm-with')));
  expect(plain.compiled).toStrictEqual(plain.drizzles);

  // An object mixing two tables is never nulled, even when its first column is null.
  const mixed = await bothWays(
    db
      .select({ pair: { firstName: profiles.firstName, email: users.email } })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, 'rm-without')),
  );
  expect(mixed.compiled).toStrictEqual(mixed.drizzles);
  expect(mixed.compiled).toEqual([{ pair: { firstName: null, email: 'without@rm.example' } }]);

  const returning = await bothWays(
    db
      .update(users)
      .set({ name: sql`${users.name} || '!'` })
      .where(eq(users.id, 'rm-with'))
      .returning({ id: users.id, name: users.name, updatedAt: users.updatedAt }),
  );
  expect(returning.compiled).toStrictEqual([{ ...(returning.drizzles as object[])[0], name: 'With!!' }]);
});
