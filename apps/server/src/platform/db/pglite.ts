import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type DatabaseHandle, MIGRATIONS_FOLDER, schema, underMigrationLock } from './index.ts';
import { listenWithPglite } from './listen.ts';

// Tests and benchmarks only: PGlite is a development dependency, not in the production install.

/**
 * In-memory PGlite (Postgres compiled to WASM) with the migrations applied: for tests. `from`: a
 * data directory dumped by `dumpDataDir` (testing/pglite-snapshot.ts), loaded instead of running
 * initdb; the migrations it already has are skipped, as on any database.
 */
export async function openPglite({
  from,
}: {
  from?: Blob;
} = {}): Promise<DatabaseHandle & { client: PGlite }> {
  const client = new PGlite({ extensions: { pg_trgm }, ...(from ? { loadDataDir: from } : {}) });
  const db = drizzlePglite(client, { schema });
  await underMigrationLock(
    (text) => client.query(text),
    () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
  );
  return {
    db,
    client,
    kind: 'pglite',
    close: () => client.close(),
    listen: listenWithPglite(client),
    // PGlite's query() takes one statement; exec() takes several but no parameters. Several
    // statements answer one result each, as node-postgres answers them (pg-boss reads them all).
    exclusively: (_key, work) => work(),
    executeSql: async (text, values) => {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results.length === 1 ? results[0]! : (results as unknown as { rows: unknown[] });
    },
  };
}
