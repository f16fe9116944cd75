import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../config.ts';
import { type createMember, createTestApp, type TestApp } from '../../testing/harness.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { openPostgres } from '../db/index.ts';
import { chooseMethod, createBackup } from './backup.ts';
import { createData } from './backup-test-data.ts';
import { storageDirOf, withDatabase } from './database.ts';
import { restoreBackup } from './restore.ts';
import { type BackupMethod, listTables, qualified } from './tables.ts';

// Backs up a database full of members' data and a stored avatar, restores it into a fresh
// DATA_DIR (or, in CI's PostgreSQL run, an empty database) and compares every table row by row.
// The embedded run goes through the same paths as `npm run backup` / `npm run restore`.
// pg_dump and a restore hold a session: PostgreSQL itself, as DATABASE_DIRECT_URL is in production.
const external = process.env.TEST_DATABASE_DIRECT_URL ?? process.env.TEST_DATABASE_URL;
const log = pino({ level: 'silent' });
const work = mkdtempSync(path.join(tmpdir(), 'core28-backup-'));
chmodSync(work, 0o755); // as root, the embedded PostgreSQL runs as `postgres` and must get in
const source = { dataDir: path.join(work, 'source'), config: null as Config | null, url: '' };
type Target = { dataDir: string; config: Config; url: string };
const cleanups: (() => Promise<void>)[] = [];
let t: TestApp;
let avatarKey = '';
let member: Awaited<ReturnType<typeof createMember>>;

const configFor = (dataDir: string, databaseUrl?: string) =>
  loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' });

beforeAll(async () => {
  if (external) {
    // The harness makes the source database; the target is a second, empty one.
    t = await createTestApp({ env: { DATA_DIR: source.dataDir } });
    // A backup holds a session: PostgreSQL itself when the tests run through CI's pooler.
    source.url = t.database.directUrl ?? t.database.url!;
  } else {
    const embedded = await startEmbeddedPostgres(source.dataDir, log);
    cleanups.push(() => embedded.stop());
    const database = await openPostgres(embedded.url, { max: 5 });
    source.url = embedded.url;
    t = await createTestApp({ database, env: { DATA_DIR: source.dataDir } });
  }
  cleanups.unshift(() => t.close());
  source.config = configFor(source.dataDir, external ? source.url : undefined);
  ({ member, avatarKey } = await createData(t));
}, 120_000);

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

/** A fresh DATA_DIR for the embedded PostgreSQL, or an empty database beside the source. */
async function freshTarget(method: BackupMethod): Promise<Target> {
  const dataDir = path.join(work, `target-${method}`);
  const url = external ? await createEmptyDatabase(external) : '';
  return { dataDir, url, config: configFor(dataDir, url || undefined) };
}

// COPY always; pg_dump where the CLI would use it (an external PostgreSQL with a pg_dump on PATH
// at least as new: CI's PostgreSQL 15 run).
describe.each(['copy', 'pg_dump'] as const)('backup and restore (%s)', (method) => {
  const archive = path.join(work, 'backups', `core28-${method}.tar.gz`);
  let target: Target;
  let usable = method === 'copy';
  beforeAll(async () => {
    if (method === 'pg_dump')
      usable = (await chooseMethod(source.url, { external: Boolean(external) })) === method;
    target = await freshTarget(method);
  });

  it('restores every table row for row, the sequences and the stored files into a fresh database', async (ctx) => {
    if (!usable) ctx.skip();
    let started = performance.now();
    const backup = await withDatabase(source.config!, log, { purpose: 'backup' }, (url) =>
      createBackup({ url, storageDir: storageDirOf(source.config!), file: archive, method }),
    );
    const backupMs = performance.now() - started;
    // It holds password hashes and session tokens: its owner's alone, whatever the umask.
    expect((statSync(archive).mode & 0o777).toString(8)).toBe('600');
    expect(backup.manifest.migrations.length).toBeGreaterThan(0);
    expect(backup.manifest.storage).toMatchObject({ kind: 'local', files: 1 });
    const names = backup.manifest.tables.map((table) => `${table.schema}.${table.name}`);
    expect(names).toContain('drizzle.__drizzle_migrations');
    expect(names).toContain('public.program_day_stats');

    started = performance.now();
    const restored = await withDatabase(target.config!, log, { purpose: 'restore' }, (url) =>
      restoreBackup({ file: archive, url, storageDir: storageDirOf(target.config!) }),
    );
    const restoreMs = performance.now() - started;
    expect(restored.files).toBe(1);

    await withBoth(target, async (from, to) => {
      const tables = await listTables(from);
      expect((await listTables(to)).map(qualified)).toEqual(tables.map(qualified));
      for (const table of tables) {
        // Every row, every column (as text, in a stable order): row counts and contents at once.
        const fingerprint = `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as hash from ${qualified(table)} t`;
        const [a, b] = await Promise.all([from.query(fingerprint), to.query(fingerprint)]);
        expect(b.rows[0], qualified(table)).toEqual(a.rows[0]);
        const inManifest = backup.manifest.tables.find(
          (m) => m.schema === table.schema && m.name === table.name,
        );
        expect(inManifest?.rows, qualified(table)).toBe(a.rows[0].rows);
      }
      const counts = await to.query(
        'select (select count(*) from workout_completions)::int as completions, (select count(*) from discussion_messages)::int as messages',
      );
      expect(counts.rows[0]).toEqual({ completions: 6 + 7 + 8, messages: 3 });

      // The serial ids continue after the restored rows, and the triggers are back on: a new
      // completion gets a fresh id and counts once in the aggregates.
      const maxId = (await to.query('select max(id)::int as id from workout_completions')).rows[0].id;
      const inserted = await to.query(
        'insert into workout_completions (user_id, day_number, completed_at) values ($1, 9, now()) returning id',
        [member.userId],
      );
      expect(inserted.rows[0].id).toBe(maxId + 1);
      const progress = await to.query('select completed_days from member_progress where user_id = $1', [
        member.userId,
      ]);
      expect(progress.rows[0].completed_days).toBe(7);
    });

    const bytes = (dataDir: string) => readFileSync(path.join(dataDir, 'storage', avatarKey));
    expect(bytes(target.dataDir).equals(bytes(source.dataDir))).toBe(true);

    console.info(
      `backup (${method}): ${backup.manifest.tables.reduce((n, table) => n + table.rows, 0)} rows + ${backup.manifest.storage.bytes} bytes of files → ${backup.bytes} bytes in ${backupMs.toFixed(0)} ms; restore into a fresh ${external ? 'database' : 'DATA_DIR'} ${restoreMs.toFixed(0)} ms`,
    );
  }, 120_000);

  it('restores as an ordinary role owning its database (a managed PostgreSQL), not a superuser', async (ctx) => {
    if (!usable) ctx.skip();
    const role = `core28_owner_${method}`;
    const admin = new pg.Client({ connectionString: source.url });
    await admin.connect();
    try {
      // Roles outlive a database: a run killed halfway left its role and database behind.
      await admin.query(`drop database if exists ${role}_db`);
      await admin.query(`drop role if exists ${role}`);
      await admin.query(`create role ${role} login password 'owner-pass-2026' nosuperuser nocreaterole`);
      await admin.query(`create database ${role}_db owner ${role}`);
    } finally {
      await admin.end();
    }
    const url = new URL(source.url);
    url.username = role;
    url.password = 'owner-pass-2026';
    url.pathname = `/${role}_db`;
    const storageDir = path.join(work, `owner-storage-${method}`);
    const restored = await restoreBackup({ file: archive, url: url.toString(), storageDir });
    expect(restored.files).toBe(1);
    const to = new pg.Client({ connectionString: url.toString() });
    await to.connect();
    try {
      expect((await to.query('select rolsuper from pg_roles where rolname = current_user')).rows).toEqual([
        { rolsuper: false },
      ]);
      const counts = await to.query(
        'select (select count(*) from workout_completions)::int as completions, (select count(*) from discussion_messages)::int as messages',
      );
      expect(counts.rows[0]).toEqual({ completions: 6 + 7 + 8, messages: 3 });
      // The foreign keys and the app's triggers are there again: a row for no member is refused,
      // and a new completion counts once.
      await expect(
        to.query(
          "insert into workout_completions (user_id, day_number, completed_at) values ('nobody', 1, now())",
        ),
      ).rejects.toThrow(/foreign key/);
      await to.query(
        'insert into workout_completions (user_id, day_number, completed_at) values ($1, 9, now())',
        [member.userId],
      );
      const progress = await to.query('select completed_days from member_progress where user_id = $1', [
        member.userId,
      ]);
      expect(progress.rows[0].completed_days).toBe(7);
    } finally {
      await to.end();
    }
  }, 120_000);

  it('refuses to overwrite accounts without force, and replaces them with it', async (ctx) => {
    if (!usable) ctx.skip();
    const restore = (force: boolean) =>
      withDatabase(target.config!, log, { purpose: 'restore' }, (url) =>
        restoreBackup({ file: archive, url, storageDir: storageDirOf(target.config!), force }),
      );
    await expect(restore(false)).rejects.toThrow(/pass --force/);
    await restore(true);
    // The row added by the first test is gone again: the target matches the backup.
    await withBoth(target, async (_from, to) => {
      const { rows } = await to.query(
        'select count(*)::int as n from workout_completions where user_id = $1',
        [member.userId],
      );
      expect(rows[0].n).toBe(6);
    });
  }, 120_000);
});

/** Clients on the source and the (stopped between runs) target database. */
async function withBoth(target: Target, check: (from: pg.Client, to: pg.Client) => Promise<void>) {
  const from = new pg.Client({ connectionString: source.url });
  await from.connect();
  try {
    await withDatabase(target.config!, log, { purpose: 'backup' }, async (url) => {
      const to = new pg.Client({ connectionString: url });
      await to.connect();
      try {
        await check(from, to);
      } finally {
        await to.end();
      }
    });
  } finally {
    await from.end();
  }
}

async function createEmptyDatabase(serverUrl: string) {
  const name = `core28_restore_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
