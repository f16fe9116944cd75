import type { DbOrTx } from './index.ts';

// Issue 23: a drizzle query built and named once per database handle (or transaction) instead of
// on every call: PostgreSQL parses and plans a named statement once per connection, and node skips
// drizzle's query building. `build` is the statement's identity, so declare it at module level.

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
    statement = build(db);
    ofDb.set(build, statement);
  }
  return statement;
}
