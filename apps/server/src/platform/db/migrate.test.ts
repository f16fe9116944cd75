import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pino from 'pino';
import { expect, test } from 'vitest';
import { migratedSnapshot } from '../../testing/pglite-snapshot.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import {
  MIGRATIONS_FOLDER,
  migrationsAreCurrent,
  NewerSchemaError,
  openPostgres,
  underMigrationLock,
} from './index.ts';
import { openPglite } from './pglite.ts';

const advisoryLocks = async (client: PGlite) =>
  (await client.query<{ n: number }>("select count(*)::int as n from pg_locks where locktype = 'advisory'"))
    .rows[0]?.n;

test('migrations run under the advisory lock, which is released afterwards', async () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  let heldWhileMigrating: number | undefined;
  await underMigrationLock(
    (text) => client.query(text),
    async () => {
      heldWhileMigrating = await advisoryLocks(client);
    },
  );
  expect(heldWhileMigrating).toBe(1);
  expect(await advisoryLocks(client)).toBe(0);
  await client.close();
});

// PGlite has one session, on which the lock is re-entrant: concurrency needs a real server.
test('three instances migrating an empty PostgreSQL at once all succeed, each migration applied once', async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'core28-migrate-'));
  chmodSync(work, 0o755); // as root, the embedded PostgreSQL runs as `postgres` and must get in
  const embedded = await startEmbeddedPostgres(work, pino({ level: 'silent' }));
  try {
    const handles = await Promise.all([1, 2, 3].map(() => openPostgres(embedded.url, { max: 1 })));
    const [first] = handles;
    const applied = await first!.pool.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]?.n).toBe(readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length);
    expect(await migrationsAreCurrent(first!.db)).toBe(true);
    await Promise.all(handles.map((handle) => handle.close()));
  } finally {
    await embedded.stop();
    rmSync(work, { recursive: true, force: true });
  }
}, 120_000);

test('a database missing the newest migration is not current', async () => {
  const { db, close } = await openPglite();
  await db.execute(
    sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
  );
  expect(await migrationsAreCurrent(db)).toBe(false);
  await close();
});

test.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  "a test file's database loaded from the run's snapshot is migrated, and its own",
  async () => {
    const snapshot = migratedSnapshot();
    expect(snapshot, 'the server project dumps one (testing/pglite-snapshot.ts)').toBeDefined();
    const [first, second] = await Promise.all([
      openPglite({ from: snapshot }),
      openPglite({ from: snapshot }),
    ]);
    expect(await migrationsAreCurrent(first.db)).toBe(true);
    await first.db.execute(
      sql`insert into rate_limits (id, key, count, last_request) values ('only-here', 'only-here', 1, 0)`,
    );
    const count = async (handle: typeof first) =>
      (await handle.client.query<{ n: number }>('select count(*)::int as n from rate_limits')).rows[0]?.n;
    expect([await count(first), await count(second)]).toEqual([1, 0]);
    await Promise.all([first.close(), second.close()]);
  },
);

test('start-up says which migrations ran, and a release refuses a schema newer than it knows unless allowed', async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'core28-rollback-'));
  chmodSync(work, 0o755); // as root, the embedded PostgreSQL runs as `postgres` and must get in
  const embedded = await startEmbeddedPostgres(work, pino({ level: 'silent' }));
  const lines: { msg: string; level: string }[] = [];
  const log = {
    info: (_: unknown, msg: string) => lines.push({ level: 'info', msg }),
    warn: (msg: string) => lines.push({ level: 'warn', msg }),
  } as unknown as Pick<import('pino').Logger, 'info' | 'warn'>;
  const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  try {
    await (await openPostgres(embedded.url, { max: 1, log })).close();
    expect(lines).toEqual([{ level: 'info', msg: `migrated from 0 to ${known.length}` }]);
    const again = await openPostgres(embedded.url, { max: 1, log });
    expect(lines.at(-1)).toEqual({ level: 'info', msg: `schema current at migration ${known.length}` });
    // The next release's migration, as a rollback finds it.
    const newest = Math.max(...known.map((m) => m.folderMillis));
    await again.pool.query(
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('next-release', $1)`,
      [newest + 86_400_000],
    );
    await again.close();

    const refused = openPostgres(embedded.url, { max: 1, log });
    await expect(refused).rejects.toBeInstanceOf(NewerSchemaError);
    await expect(refused).rejects.toThrow(
      new RegExp(
        `the database has ${known.length + 1} migrations.*this release knows ${known.length}.*ALLOW_NEWER_SCHEMA=true`,
      ),
    );
    await (await openPostgres(embedded.url, { max: 1, log, allowNewerSchema: true })).close();
    expect(lines.at(-1)?.level).toBe('warn');
    expect(lines.at(-1)?.msg).toContain('ALLOW_NEWER_SCHEMA=true');
  } finally {
    await embedded.stop();
    rmSync(work, { recursive: true, force: true });
  }
}, 120_000);
