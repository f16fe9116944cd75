import { createHash } from 'node:crypto';
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './index.ts';
import { withCompiledRowMapper } from './row-mapper.ts';

// A drizzle query built and named once per database handle (or transaction) instead of
// on every call: PostgreSQL parses and plans a named statement once per connection, and node skips
// drizzle's query building. `build` is the statement's identity, so declare it at module level.
// Its rows are mapped by a mapper compiled once for its fields (row-mapper.ts).

const statements = new WeakMap<DbOrTx, Map<(db: DbOrTx) => unknown, unknown>>();

/** The statement `build` makes on `db` (`….prepare('core28_…')`), made on first use. */
export function prepared<T>(db: DbOrTx, build: (db: DbOrTx) => T): T {
  let ofDb = statements.get(db);
  if (!ofDb) {
    ofDb = new Map();
    statements.set(db, ofDb);
  }
  let statement = ofDb.get(build) as T | undefined;
  if (statement === undefined) {
    statement = withCompiledRowMapper(build(db));
    ofDb.set(build, statement);
  }
  return statement;
}

const dialect = new PgDialect();

/** Values for a statement's placeholders (`sql.placeholder(name)`), by name. */
export type StatementValues = Record<string, unknown>;

/**
 * A raw statement written once with placeholders and run as a named prepared statement, for a hot
 * write whose text is the same on every call: PostgreSQL parses and plans it once per connection
 * (measured on a coaching message's write, four CTEs: 0.80–0.91 ms of PostgreSQL CPU unnamed,
 * 0.51–0.59 ms named), and node builds its text once, on first use. Built on every call (drizzle's
 * `sql` objects, their text and the name's hash) it was a quarter of the garbage a coaching message
 * made, ~45 KB, and ~4 % of the live bench's CPU. The name is the text's hash, so a
 * statement of another shape is another statement, never a clash. A missing value throws.
 */
export function namedStatement<T>(build: () => SQL) {
  let built: { query: Query; name: string } | undefined;
  const statement = (db: DbOrTx) => {
    if (!built) {
      const query = dialect.sqlToQuery(build());
      built = {
        query,
        name: `core28_${createHash('sha1').update(query.sql).digest('base64url').slice(0, 16)}`,
      };
    }
    return db._.session.prepareQuery(built.query, undefined, built.name, false);
  };
  return async (db: DbOrTx, values: StatementValues): Promise<T[]> => {
    const result = (await prepared(db, statement).execute(values)) as { rows: T[] };
    return result.rows;
  };
}

/**
 * A family of `namedStatement`s whose text depends on a number (how many limits a write takes):
 * `statements(n)` is the one for `n`, built on its first use and kept.
 */
export function namedStatements<T>(build: (count: number) => SQL) {
  const byCount = new Map<number, ReturnType<typeof namedStatement<T>>>();
  return (count: number) => {
    let statement = byCount.get(count);
    if (!statement) {
      statement = namedStatement<T>(() => build(count));
      byCount.set(count, statement);
    }
    return statement;
  };
}
