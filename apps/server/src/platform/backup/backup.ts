import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { create as createTar } from 'tar';
import { JOBS_SCHEMA } from '../jobs/queue.ts';
import { runTool, toolMajor } from './pg-tools.ts';
import {
  appliedMigrations,
  type BackupMethod,
  DUMP_FILE,
  listTables,
  type Manifest,
  qualified,
  quoteIdent,
} from './tables.ts';

export type BackupOptions = {
  /** The database to read (a running server may be using it). */
  url: string;
  /** DATA_DIR/storage, or null when files live in S3 (not part of the backup). */
  storageDir: string | null;
  /** The archive to write (.tar.gz); written beside as *.partial and renamed when complete. */
  file: string;
  method?: BackupMethod;
};

export type BackupResult = { file: string; bytes: number; manifest: Manifest };

/**
 * A logical backup: every table COPYed out inside one REPEATABLE READ READ ONLY transaction (one
 * consistent snapshot while the server keeps writing), then the stored files, in one .tar.gz.
 * The embedded PostgreSQL 18 ships no pg_dump, and this works the same on any PostgreSQL 15+.
 */
export async function createBackup({
  url,
  storageDir,
  file,
  method = 'copy',
}: BackupOptions): Promise<BackupResult> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const staging = await mkdtemp(`${target}.staging-`);
  const partial = `${target}.partial`;
  try {
    const database = await dumpDatabase(url, staging, method);
    // Files after the snapshot: a file the snapshot refers to was written before it.
    const storage = await copyStorage(storageDir, path.join(staging, 'storage'));
    const manifest: Manifest = {
      format: 'core28-backup',
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      app: appVersion(),
      method,
      ...database,
      storage,
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // The archive holds password hashes and session tokens: readable by its owner only, from its
    // first byte (made 0600 before tar writes into it) and whatever the umask said.
    await writeFile(partial, '', { mode: 0o600 });
    await chmod(partial, 0o600);
    await createTar({ gzip: true, file: partial, cwd: staging, portable: true }, [
      'manifest.json',
      'db',
      'storage',
    ]);
    await rename(partial, target); // never a half-written archive under the final name
    return { file: target, bytes: (await stat(target)).size, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * pg_dump for an external PostgreSQL when the one on PATH can read it (its major version at least
 * the server's): the dump also carries the schema. COPY otherwise; the embedded PostgreSQL 18
 * ships no pg_dump.
 */
export async function chooseMethod(url: string, { external }: { external: boolean }): Promise<BackupMethod> {
  if (!external) return 'copy';
  const tool = await toolMajor('pg_dump');
  if (tool === null) return 'copy';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: number }>(
      `select current_setting('server_version_num')::int / 10000 as v`,
    );
    return tool >= rows[0]!.v ? 'pg_dump' : 'copy';
  } finally {
    await client.end();
  }
}

async function dumpDatabase(url: string, staging: string, method: BackupMethod) {
  await mkdir(path.join(staging, 'db'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const server = (await client.query<{ v: string }>('select version() as v')).rows[0]!.v;
    const migrations = await appliedMigrations(client);
    if (migrations.length === 0)
      throw new Error('The database has no Core28 schema (no migrations applied).');
    const tables: Manifest['tables'] = [];
    if (method === 'pg_dump') {
      // pg_dump reads this transaction's snapshot, so the manifest's counts match the dump.
      const snapshot = (await client.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]!.s;
      for (const table of await listTables(client)) {
        const { rows } = await client.query<{ n: number }>(
          `select count(*)::int as n from ${qualified(table)}`,
        );
        tables.push({ ...table, rows: rows[0]!.n });
      }
      await runTool('pg_dump', url, [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        // The job queue is not backed up (docs/operations.md, Backups): pending mail gets a job again at start.
        `--exclude-schema=${JOBS_SCHEMA}`,
        `--snapshot=${snapshot}`,
        '--file',
        path.join(staging, DUMP_FILE),
      ]);
      await client.query('commit');
      return { server, migrations, tables };
    }
    for (const table of await listTables(client)) {
      const fileName = `db/${table.schema}.${table.name}.copy`;
      const columns = table.columns.map(quoteIdent).join(', ');
      const copy = client.query(copyTo(`copy ${qualified(table)} (${columns}) to stdout`));
      await pipeline(copy, createWriteStream(path.join(staging, fileName)));
      tables.push({ ...table, rows: copy.rowCount, file: fileName });
    }
    await client.query('commit');
    return { server, migrations, tables };
  } finally {
    await client.end();
  }
}

async function copyStorage(storageDir: string | null, into: string): Promise<Manifest['storage']> {
  await mkdir(into);
  if (!storageDir) return { kind: 's3', files: 0, bytes: 0 };
  if (existsSync(storageDir)) {
    // Skips the .tmp files of uploads in progress (storage.ts renames them into place).
    await cp(storageDir, into, { recursive: true, filter: (source) => !source.endsWith('.tmp') });
  }
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(into, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { kind: 'local', files, bytes };
}

/**
 * The checkout this code runs from: the first folder up from `from` whose package.json names
 * workspaces. Counting folders up did not hold for the built CLI (apps/server/dist), whose
 * backups recorded no commit.
 */
export function projectRoot(from: string): string | null {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        workspaces?: unknown;
      };
      if (manifest.workspaces) return dir;
    } catch {}
    if (path.dirname(dir) === dir) return null;
  }
}

/** Which code wrote the backup, for whoever restores it; both are best effort. */
export function appVersion(from = path.dirname(fileURLToPath(import.meta.url))): Manifest['app'] {
  const root = projectRoot(from);
  if (!root) return { version: null, commit: null };
  let version: string | null = null;
  let commit: string | null = null;
  try {
    version =
      (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string }).version ??
      null;
  } catch {}
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {}
  return { version, commit };
}

export async function readManifest(dir: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 'core28-backup' || manifest.formatVersion !== 1) {
    throw new Error('Not a Core28 backup (manifest.json has another format).');
  }
  return manifest;
}
