import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { extract } from 'tar';
import { MIGRATIONS_FOLDER } from '../db/index.ts';
import { readManifest } from './backup.ts';
import { runTool, toolMajor } from './pg-tools.ts';
import {
  appliedMigrations,
  DUMP_FILE,
  listTables,
  type Manifest,
  MIGRATIONS_TABLE,
  qualified,
  quoteIdent,
} from './tables.ts';

export type RestoreOptions = {
  file: string;
  /** The database to fill: empty, or at the backup's migration level with `force`. */
  url: string;
  /** DATA_DIR/storage (replaced by the backup's files), or null when files live in S3. */
  storageDir: string | null;
  /** Replace a database that already holds members. */
  force?: boolean;
};

/**
 * Brings a backup back: the schema up to the backup's migration level (later migrations run at
 * the next start, as for any upgrade), then every table in one transaction, then the files.
 */
export async function restoreBackup({ file, url, storageDir, force = false }: RestoreOptions) {
  const parent = storageDir ? path.dirname(path.resolve(storageDir)) : tmpdir();
  await mkdir(parent, { recursive: true });
  // Unpacked beside the storage folder, so the files move into place with one rename.
  const staging = await mkdtemp(path.join(parent, '.restore-'));
  try {
    await extract({ file: path.resolve(file), cwd: staging, strict: true });
    const manifest = await readManifest(staging);
    const migrations = migrationsOf(manifest);
    await restoreDatabase(url, staging, manifest, migrations, force);
    const files = await restoreStorage(manifest, path.join(staging, 'storage'), storageDir);
    return { manifest, files };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** This code's migrations up to the backup's level; refuses a backup made by newer code. */
function migrationsOf(manifest: Manifest) {
  const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const level = manifest.migrations.length;
  // drizzle itself tells migrations apart by their timestamp (created_at), so do we.
  const matches = manifest.migrations.every((m, i) => known[i]?.folderMillis === m.createdAt);
  if (!matches || level > known.length) {
    throw new Error(
      `The backup's schema (${level} migrations) is not one this version knows (${known.length} migrations): restore it with the Core28 version that made it (${manifest.app.commit ?? manifest.app.version ?? 'unknown'}).`,
    );
  }
  return known.slice(0, level);
}

async function restoreDatabase(
  url: string,
  staging: string,
  manifest: Manifest,
  migrations: ReturnType<typeof migrationsOf>,
  force: boolean,
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (manifest.method === 'pg_dump') {
      const target = await inspectTarget(client, manifest, force);
      await pgRestore(url, path.join(staging, DUMP_FILE), target);
      await checkCounts(client, manifest);
      return;
    }
    // One transaction: a failed restore leaves the database as it was.
    await client.query('begin');
    if ((await inspectTarget(client, manifest, force)) === 'empty') await applyMigrations(client, migrations);
    // Rows go in exactly as they were: no triggers (the aggregates of migration 0005 are in the
    // backup already and would count twice) and no foreign-key checks until all are in (any table
    // order works). As the tables' owner, not a superuser (session_replication_role needs one,
    // which a managed PostgreSQL does not give): the foreign keys are dropped and made again, so
    // every row is checked once at the end, and the app's own triggers are off meanwhile.
    const tables = await listTables(client);
    const foreignKeys = await dropForeignKeys(client);
    for (const table of tables) await client.query(`alter table ${qualified(table)} disable trigger user`);
    await client.query(`truncate ${tables.map(qualified).join(', ')}`);
    const present = new Set(tables.map((t) => `${t.schema}.${t.name}`));
    for (const table of manifest.tables) {
      if (!present.has(`${table.schema}.${table.name}`) || !table.file) {
        throw new Error(`No table ${table.schema}.${table.name}`);
      }
      const columns = table.columns.map(quoteIdent).join(', ');
      const copy = client.query(copyFrom(`copy ${qualified(table)} (${columns}) from stdin`));
      await pipeline(createReadStream(path.join(staging, table.file)), copy);
      if (copy.rowCount !== table.rows) {
        throw new Error(
          `${table.schema}.${table.name}: read ${copy.rowCount} rows, the manifest says ${table.rows}`,
        );
      }
    }
    for (const table of tables) await client.query(`alter table ${qualified(table)} enable trigger user`);
    for (const fk of foreignKeys)
      await client.query(
        `alter table ${fk.tableName} add constraint ${quoteIdent(fk.name)} ${fk.definition}`,
      );
    await resetSequences(client);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/** Drops every foreign key of the restored schemas, returning what makes each again. */
async function dropForeignKeys(client: pg.Client) {
  const { rows } = await client.query<{ tableName: string; name: string; definition: string }>(
    `select conrelid::regclass::text as "tableName", conname as name, pg_get_constraintdef(oid) as definition
       from pg_constraint
      where contype = 'f' and connamespace in ('public'::regnamespace)
      order by conrelid::regclass::text, conname`,
  );
  for (const fk of rows)
    await client.query(`alter table ${fk.tableName} drop constraint ${quoteIdent(fk.name)}`);
  return rows;
}

/** An empty database, or one of ours at the backup's migration level (replaced only when `force`d). */
async function inspectTarget(
  client: pg.Client,
  manifest: Manifest,
  force: boolean,
): Promise<'empty' | 'ours'> {
  await refuseOtherSessions(client);
  const applied = await appliedMigrations(client);
  if (applied.length === 0) {
    if ((await listTables(client)).length > 0) {
      throw new Error('The target database has tables but no Core28 schema: restore into an empty database.');
    }
    return 'empty';
  }
  const same =
    applied.length === manifest.migrations.length &&
    applied.every((m, i) => m.createdAt === manifest.migrations[i]!.createdAt);
  if (!same) {
    throw new Error(
      `The target database is at migration ${applied.length}, the backup at ${manifest.migrations.length}: restore into a fresh DATA_DIR or an empty database.`,
    );
  }
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from users');
  if (rows[0]!.n > 0 && !force) {
    throw new Error(
      `The target database holds ${rows[0]!.n} account(s): pass --force to replace them with the backup.`,
    );
  }
  return 'ours';
}

/**
 * Rows pulled from under running servers would be half old, half new, and their caches, sessions
 * and jobs would carry on as if nothing happened: every instance must be stopped first. Any other
 * client session on the database counts (a server, a psql, a second restore).
 */
async function refuseOtherSessions(client: pg.Client) {
  const { rows } = await client.query<{ n: number; database: string; who: string | null }>(
    `select count(*)::int as n, current_database() as database,
            string_agg(distinct coalesce(nullif(application_name, ''), host(client_addr), 'local socket'), ', ') as who
       from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  const { n, database, who } = rows[0]!;
  if (n > 0) {
    throw new Error(
      `${n} other session(s) connected to database ${database} (${who}): stop every Core28 instance (and any other client) before restoring.`,
    );
  }
}

/** A pg_dump archive (external PostgreSQL): schema, rows, sequences and triggers in one transaction. */
async function pgRestore(url: string, dump: string, target: 'empty' | 'ours') {
  if ((await toolMajor('pg_restore')) === null) {
    throw new Error(
      'This backup was made with pg_dump: restoring it needs pg_restore on PATH (postgresql-client).',
    );
  }
  await runTool('pg_restore', url, [
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    ...(target === 'ours' ? ['--clean', '--if-exists'] : []),
    dump,
  ]);
}

async function checkCounts(client: pg.Client, manifest: Manifest) {
  for (const table of manifest.tables) {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${qualified(table)}`);
    if (rows[0]!.n !== table.rows) {
      throw new Error(
        `${table.schema}.${table.name}: ${rows[0]!.n} rows after the restore, the manifest says ${table.rows}`,
      );
    }
  }
}

/** What drizzle's migrator does, but stopping at the backup's level. */
async function applyMigrations(client: pg.Client, migrations: ReturnType<typeof migrationsOf>) {
  await client.query(`create schema if not exists ${quoteIdent(MIGRATIONS_TABLE.schema)}`);
  await client.query(
    `create table if not exists ${qualified(MIGRATIONS_TABLE)} (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of migrations) {
    for (const statement of migration.sql) await client.query(statement);
    await client.query(`insert into ${qualified(MIGRATIONS_TABLE)} (hash, created_at) values ($1, $2)`, [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}

/** serial columns (exercises.id, workout_completions.id, …) continue after the restored rows. */
async function resetSequences(client: pg.Client) {
  const { rows } = await client.query<{ seq: string; tbl: string; col: string }>(
    `select format('%I.%I', sn.nspname, s.relname) as seq,
            format('%I.%I', tn.nspname, t.relname) as tbl,
            quote_ident(a.attname) as col
       from pg_depend d
       join pg_class s on s.oid = d.objid and s.relkind = 'S'
       join pg_namespace sn on sn.oid = s.relnamespace
       join pg_class t on t.oid = d.refobjid
       join pg_namespace tn on tn.oid = t.relnamespace
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
        and d.deptype in ('a', 'i')`,
  );
  for (const { seq, tbl, col } of rows) {
    await client.query(`select setval($1, coalesce((select max(${col}) from ${tbl}), 0) + 1, false)`, [seq]);
  }
}

/** The backup's files replace the storage folder; with S3 the bucket is left alone. */
async function restoreStorage(manifest: Manifest, from: string, storageDir: string | null) {
  if (!storageDir || manifest.storage.kind === 's3' || !existsSync(from)) return 0;
  const target = path.resolve(storageDir);
  const old = `${target}.before-restore`;
  await rm(old, { recursive: true, force: true });
  if (existsSync(target)) await rename(target, old);
  await rename(from, target);
  await rm(old, { recursive: true, force: true });
  return manifest.storage.files;
}
