import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Listen, listenWithPglite, listenWithPostgres } from './listen.ts';
import * as schema from './schema.ts';

export { schema };
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseHandle = {
  db: Database;
  close: () => Promise<void>;
  kind: 'postgres' | 'pglite';
  /** LISTEN on a channel; `onResume` fires when a lost listening connection is back. */
  listen: Listen;
};

export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);

/** node-postgres against a real PostgreSQL server (DATABASE_URL or the embedded one). */
export async function openPostgres(
  url: string,
  { max = 20 } = {},
): Promise<DatabaseHandle & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {}); // an idle client's error must not crash the process; the next query reports it
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, pool, kind: 'postgres', close: () => pool.end(), listen: listenWithPostgres(url) };
}

/** In-memory PGlite (Postgres compiled to WASM) with the migrations applied: for tests. */
export async function openPglite(): Promise<DatabaseHandle & { client: PGlite }> {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, client, kind: 'pglite', close: () => client.close(), listen: listenWithPglite(client) };
}
