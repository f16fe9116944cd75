import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../platform/db/index.ts';
import { openReadReplica } from '../platform/db/read-replica.ts';
import { createMetrics } from '../platform/metrics/metrics.ts';
import { registerServerGauges } from '../site/metrics.ts';
import { createTestApp, json, signInAdmin, type TestApp } from '../testing/harness.ts';

// Reports on a read replica (DATABASE_READ_URL): used while it keeps up, left for the primary with
// a log line and the metrics when it falls behind or cannot be reached, used again once it is
// back. The replica's own path runs on CI's streaming replica (TEST_DATABASE_READ_URL).

function capturingLog() {
  const lines: { level: number; msg: string; lagMs?: number }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

const isReplica = async (db: Parameters<typeof rowsOf>[0]) =>
  (await rowsOf<{ recovery: boolean }>(db, sql`select pg_is_in_recovery() as recovery`))[0]!.recovery;

describe('a read replica that cannot be reached', () => {
  it('leaves reports on the primary, says so once, and the metrics show it', async () => {
    const { log, lines } = capturingLog();
    let replica: ReturnType<typeof openReadReplica> | undefined;
    const app = await createTestApp({
      reports: (database) => {
        replica = openReadReplica({
          url: 'postgres://core28@127.0.0.1:1/core28', // nothing listens on port 1
          primary: database,
          log,
          checkEveryMs: 60_000,
        });
        return replica;
      },
    });
    try {
      await replica!.check();
      await replica!.check();
      expect(replica!.db()).toBe(app.database.db);
      expect(replica!.state()).toEqual({ isUsed: false, lagMs: null, fallbacks: 0 });
      expect(lines.map((line) => line.msg)).toEqual(['read replica unreachable: reports read the primary']);

      // /metrics reads the same state.
      const metrics = createMetrics();
      registerServerGauges({ ...app.deps, metrics });
      const exposed = await metrics.registry.metrics();
      expect(exposed).toMatch(/^core28_read_replica_in_use 0$/m);
      expect(exposed).toMatch(/^core28_read_replica_lag_seconds -1$/m);
      expect(exposed).toMatch(/^core28_read_replica_fallbacks_total 0$/m);

      // The owner's figures and the dashboard still answer, from the primary.
      const owner = await signInAdmin(app);
      const now = await app.request('/api/admin/business/now', { cookie: owner });
      expect(now.status).toBe(200);
      expect(await json(now)).toHaveProperty('mrrCents');
      expect((await app.request('/api/admin/dashboard', { cookie: owner })).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

// CI's replica applies each commit before the primary answers (synchronous_commit = remote_apply),
// so a transaction that asks for a local commit only, while replay is paused, leaves it behind.
const replicaUrl = process.env.TEST_DATABASE_READ_URL;
describe.skipIf(!replicaUrl)('a streaming replica', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is read while it keeps up, left for the primary while it is behind, and read again after', async () => {
    const { log, lines } = capturingLog();
    const url = new URL(replicaUrl!);
    url.pathname = new URL(t.database.url!).pathname;
    const replica = openReadReplica({
      url: url.toString(),
      primary: t.database,
      log,
      maxLagMs: 300,
      checkEveryMs: 60_000,
    });
    const control = new pg.Client({ connectionString: replicaUrl });
    await control.connect();
    try {
      await replica.check();
      expect(replica.state()).toMatchObject({ isUsed: true, lagMs: 0 });
      expect(await isReplica(replica.db())).toBe(true);
      expect(t.deps.reports.state().isUsed).toBe(true); // the harness's own, for every report
      expect(await isReplica(t.deps.reports.db())).toBe(true);

      await control.query('select pg_wal_replay_pause()');
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = local`);
        await tx.execute(sql`create table behind (id int)`);
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      await replica.check();
      expect(replica.state().isUsed).toBe(false);
      expect(replica.state().lagMs).toBeGreaterThan(300);
      expect(replica.state().fallbacks).toBe(1);
      expect(await isReplica(replica.db())).toBe(false);

      await control.query('select pg_wal_replay_resume()');
      for (let i = 0; i < 50 && !replica.state().isUsed; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        await replica.check();
      }
      expect(replica.state()).toMatchObject({ isUsed: true, lagMs: 0, fallbacks: 1 });
      expect(lines.map((line) => line.msg)).toEqual([
        'read replica in use for reports',
        'read replica behind: reports read the primary',
        'read replica in use for reports',
      ]);
    } finally {
      await control.query('select pg_wal_replay_resume()').catch(() => {});
      await control.end();
      await replica.close();
    }
  });
});
