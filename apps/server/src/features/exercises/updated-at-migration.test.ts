import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../platform/db/index.ts';

// The migration giving exercises their last edit, run on a database made by the release before it,
// with a member and their program in it: every row stays as it was, and each exercise has a time.

const client = new PGlite({ extensions: { pg_trgm } });
afterAll(() => client.close());

const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
const THIS_ONE = migrations.findIndex((m) => m.sql.join('').includes('"exercises" ADD COLUMN "updated_at"'));
const run = async (m: (typeof migrations)[number]) => {
  for (const statement of m.sql) if (statement.trim()) await client.exec(statement);
};
const rows = async (sql: string) => (await client.query<Record<string, unknown>>(sql)).rows;

it('keeps every exercise and member row, and dates each exercise', async () => {
  expect(THIS_ONE).toBeGreaterThan(0);
  for (const m of migrations.slice(0, THIS_ONE)) await run(m);
  await client.exec(`insert into users (id, email, email_verified) values ('m1', 'm1@example.com', true)`);
  await client.exec(
    `insert into exercises (name, description, category, created_at)
     values ('Plank', 'Hold it', 'time', now() - interval '90 days'), ('Dead Bug', '', 'reps', now())`,
  );
  const before = {
    exercises: await rows('select * from exercises order by id'),
    users: await rows('select * from users order by id'),
  };

  await run(migrations[THIS_ONE]!);

  const after = await rows('select * from exercises order by id');
  expect(after.map(({ updated_at: _, ...row }) => row)).toEqual(before.exercises);
  for (const row of after) expect(row.updated_at).toBeInstanceOf(Date);
  expect(await rows('select * from users order by id')).toEqual(before.users);
});
