import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { expect, test } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';
import { connectPostgres, fillPool } from './index.ts';

// Every connection of a kept-open pool broken at once, as a database restart does: the pool makes
// them again by itself, instead of waiting for traffic to ask (it sat at half its size).
test('a kept-open pool fills itself again after its connections were all broken', async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'core28-pool-'));
  chmodSync(work, 0o755); // as root, the embedded PostgreSQL runs as `postgres` and must get in
  const embedded = await startEmbeddedPostgres(work, pino({ level: 'silent' }));
  const database = connectPostgres(embedded.url, { max: 4, keepIdleConnections: true });
  try {
    await fillPool(database.pool);
    expect(database.pool.totalCount).toBe(4);
    const admin = new pg.Client({ connectionString: embedded.url });
    await admin.connect();
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    await expect.poll(() => database.pool.totalCount, { timeout: 2_000 }).toBeLessThan(4);
    await expect.poll(() => database.pool.totalCount, { timeout: 10_000 }).toBe(4);
    expect((await database.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  } finally {
    await database.close();
    await embedded.stop();
    rmSync(work, { recursive: true, force: true });
  }
}, 120_000);
