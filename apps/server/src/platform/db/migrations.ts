import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema.ts';

// The schema's migrations: where they are, one instance at a time, and never backwards.

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/server/drizzle, seen from the source (src/platform/db) or from the production build (dist). */
export const MIGRATIONS_FOLDER =
  [path.resolve(here, '../../../drizzle'), path.resolve(here, '../drizzle')].find((folder) =>
    existsSync(path.join(folder, 'meta/_journal.json')),
  ) ?? path.resolve(here, '../../../drizzle');

/**
 * Instances started together on an empty database each ran the migrations and crashed
 * on each other's tables. The first to take this session lock migrates; the others wait, then find
 * every migration applied. (The seed takes its own lock, seed/seed.ts.)
 */
export const MIGRATION_LOCK_SQL = "select pg_advisory_lock(hashtext('core28:migrate'))";
const MIGRATION_UNLOCK_SQL = "select pg_advisory_unlock(hashtext('core28:migrate'))";

export async function underMigrationLock<T>(
  query: (text: string) => Promise<unknown>,
  migrate: () => Promise<T>,
): Promise<T> {
  await query(MIGRATION_LOCK_SQL);
  try {
    return await migrate();
  } finally {
    await query(MIGRATION_UNLOCK_SQL);
  }
}

/** A release started on a database a newer release migrated (a rollback), unless allowed. */
export class NewerSchemaError extends Error {}

/** What start-up does about the schema: log what it migrated, refuse a newer one unless allowed. */
export type MigrateOptions = { log?: Pick<Logger, 'info' | 'warn'>; allowNewerSchema?: boolean };

const KNOWN_MIGRATIONS = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
const migrationDay = (millis: number) => new Date(millis).toISOString().slice(0, 10);

/** The migrations a database has: how many, and the newest one's time (0: none, or a new database). */
async function appliedMigrations(client: pg.Client) {
  const { rows } = await client
    .query<{ count: number; newest: string }>(
      `select count(*)::int as count, coalesce(max(created_at), 0)::text as newest
     from drizzle.__drizzle_migrations`,
    )
    .catch((err: { code?: string }) => {
      if (err.code === '42P01' || err.code === '3F000') return { rows: [{ count: 0, newest: '0' }] };
      throw err;
    });
  return { count: rows[0]!.count, newest: Number(rows[0]!.newest) };
}

/**
 * Migrates under the lock, first refusing a schema newer than this release knows: the previous
 * release started silently on a database migrated by the next one and read its tables wrongly.
 */
export async function migrateOrRefuse(client: pg.Client, { log, allowNewerSchema = false }: MigrateOptions) {
  const before = await appliedMigrations(client);
  const newestKnown = Math.max(...KNOWN_MIGRATIONS.map((m) => m.folderMillis));
  if (before.newest > newestKnown) {
    const what = `the database has ${before.count} migrations, the newest from ${migrationDay(before.newest)}; this release knows ${KNOWN_MIGRATIONS.length}, the newest from ${migrationDay(newestKnown)}`;
    if (!allowNewerSchema)
      throw new NewerSchemaError(
        `Core28 stopped: the database was migrated by a newer release (${what}). Start that release, or set ALLOW_NEWER_SCHEMA=true to run this one on it anyway (docs/operations.md, Rollback).`,
      );
    log?.warn(`starting on a schema newer than this release (${what}): ALLOW_NEWER_SCHEMA=true`);
    return;
  }
  await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  const after = await appliedMigrations(client);
  log?.info(
    { from: before.count, to: after.count },
    after.count === before.count
      ? `schema current at migration ${after.count}`
      : `migrated from ${before.count} to ${after.count}`,
  );
}

/** The newest migration this code carries (drizzle's journal): for /api/ready. */
export const NEWEST_MIGRATION_MILLIS = Math.max(
  ...KNOWN_MIGRATIONS.map((migration) => migration.folderMillis),
);
