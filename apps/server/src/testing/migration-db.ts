import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../platform/db/index.ts';

// A database for a migration's test: PGlite, or a fresh database on the PostgreSQL server of
// TEST_DATABASE_URL (CI runs both), with the migrations to run one by one.

export type MigrationClient = {
  exec: (sql: string) => Promise<unknown>;
  rows: (sql: string) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
};

export async function openMigrationClient(): Promise<MigrationClient> {
  // Migrations run on PostgreSQL itself in production too (DATABASE_DIRECT_URL).
  const serverUrl = process.env.TEST_DATABASE_DIRECT_URL ?? process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const lite = new PGlite({ extensions: { pg_trgm } });
    return {
      exec: (sql) => lite.exec(sql),
      rows: async (sql) => (await lite.query<Record<string, unknown>>(sql)).rows,
      close: () => lite.close(),
    };
  }
  const name = `core28_migration_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const server = new pg.Client({ connectionString: url.toString() });
  await server.connect();
  await server.query('create extension if not exists pg_trgm');
  return {
    exec: (sql) => server.query(sql),
    rows: async (sql) => (await server.query(sql)).rows,
    close: async () => {
      await server.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });

/** The index of the migration whose SQL holds `marker`. */
export const migrationWith = (marker: string) => migrations.findIndex((m) => m.sql.join('').includes(marker));

export async function runMigration(client: Pick<MigrationClient, 'exec'>, m: (typeof migrations)[number]) {
  for (const statement of m.sql) if (statement.trim()) await client.exec(statement);
}
