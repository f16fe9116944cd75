import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../testing/harness.ts';
import type { DatabaseHandle } from './index.ts';
import { namedStatement, namedStatements } from './prepared.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const buildDoubled = vi.fn(() => sql`select ${sql.placeholder('n')}::integer * 2 as twice`);
const doubled = namedStatement<{ twice: number }>(buildDoubled);
const tripled = namedStatement<{ thrice: number }>(
  () => sql`select ${sql.placeholder('n')}::integer * 3 as thrice`,
);

it('answers each call with its own values, its text built once', async () => {
  expect(await doubled(database.db, { n: 2 })).toEqual([{ twice: 4 }]);
  expect(await doubled(database.db, { n: 5 })).toEqual([{ twice: 10 }]);
  expect(await tripled(database.db, { n: 5 })).toEqual([{ thrice: 15 }]);
  await database.db.transaction(async (tx) => {
    expect(await doubled(tx, { n: 7 })).toEqual([{ twice: 14 }]);
  });
  expect(buildDoubled).toHaveBeenCalledTimes(1);
});

it('keeps one statement for each count of a family, built on its first use', async () => {
  const build = vi.fn(
    (count: number) => sql`select ${sql.placeholder('n')}::integer * ${sql.raw(String(count))} as times`,
  );
  const times = namedStatements<{ times: number }>(build);
  expect(times(2)).toBe(times(2));
  expect(times(3)).not.toBe(times(2));
  expect(await times(2)(database.db, { n: 4 })).toEqual([{ times: 8 }]);
  expect(await times(3)(database.db, { n: 4 })).toEqual([{ times: 12 }]);
  expect(await times(2)(database.db, { n: 5 })).toEqual([{ times: 10 }]);
  expect(build.mock.calls.map(([count]) => count)).toEqual([2, 3]);
});

it('refuses to run without a value for each placeholder', async () => {
  await expect(doubled(database.db, {})).rejects.toThrow(/placeholder/i);
});

// PGlite runs every statement unnamed, so this is what a run on PostgreSQL itself checks.
const isPooled = Boolean(process.env.TEST_DATABASE_DIRECT_URL);
it.skipIf(!process.env.TEST_DATABASE_URL || isPooled)(
  'prepares a statement once per connection, named by its text: one name per shape',
  async () => {
    await database.db.transaction(async (tx) => {
      // One connection (the transaction's). The pool's connections carry what the tests above
      // prepared too (the family's `times`), so only this test's two shapes are looked at.
      for (const n of [1, 2, 3]) await doubled(tx, { n });
      await tripled(tx, { n: 1 });
      const statements = (await tx.execute(
        sql`select name, statement from pg_prepared_statements
          where name like 'core28_%' and (statement like '% as twice' or statement like '% as thrice')
          order by statement`,
      )) as unknown as { rows: { name: string; statement: string }[] };
      expect(statements.rows.map((row) => row.statement)).toEqual([
        'select $1::integer * 2 as twice',
        'select $1::integer * 3 as thrice',
      ]);
      expect(new Set(statements.rows.map((row) => row.name)).size).toBe(2);
    });
  },
);

// CI's run through PgBouncer 1.18 in transaction mode: a statement prepared on one server
// connection would be executed on another ("prepared statement does not exist"), so none is named.
it.skipIf(!isPooled)('through a transaction-mode pooler, runs every statement unnamed', async () => {
  await database.db.transaction(async (tx) => {
    for (const n of [1, 2, 3]) expect(await doubled(tx, { n })).toEqual([{ twice: n * 2 }]);
    const statements = (await tx.execute(
      sql`select name from pg_prepared_statements where statement like '% as twice'`,
    )) as unknown as { rows: unknown[] };
    expect(statements.rows).toEqual([]);
  });
  // Outside a transaction, one call after another lands on whichever server connection is free.
  for (const n of [4, 5, 6, 7]) expect(await doubled(database.db, { n })).toEqual([{ twice: n * 2 }]);
});
