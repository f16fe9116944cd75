import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';
import { connectPostgres, DATABASE_TIMEOUTS, fillPool } from './index.ts';

// No request waits on the database for ever. The statement timeout is drilled on a
// frozen database (fault-drills.test.ts); here the pool's other two: connecting (or waiting for a
// pooled connection) and a transaction left idle. A real PostgreSQL: TEST_DATABASE_URL, else an
// embedded one.

async function timed<T>(work: Promise<T>) {
  const started = performance.now();
  const outcome = await work.then(
    (value) => ({ value, error: null }),
    (error: Error) => ({ value: null, error }),
  );
  return { ...outcome, ms: performance.now() - started };
}

describe('connecting', () => {
  it('gives up after 5 s on a server that accepts the connection and never answers', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const database = connectPostgres(`postgres://core28@127.0.0.1:${port}/core28`, { max: 1 });
    try {
      const { error, ms } = await timed(database.pool.query('select 1'));
      expect(error?.message).toMatch(/timeout/i);
      expect(ms).toBeGreaterThanOrEqual(DATABASE_TIMEOUTS.connectMs - 100);
      expect(ms).toBeLessThan(DATABASE_TIMEOUTS.connectMs + 2_000);
    } finally {
      await database.close().catch(() => undefined);
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 20_000);
});

describe('on a real PostgreSQL', () => {
  // PostgreSQL's own session settings: on PostgreSQL itself, not through CI's pooler.
  let url = process.env.TEST_DATABASE_DIRECT_URL ?? process.env.TEST_DATABASE_URL ?? '';
  let stop = async () => {};
  beforeAll(async () => {
    if (url) return;
    const work = mkdtempSync(path.join(tmpdir(), 'core28-timeouts-'));
    chmodSync(work, 0o755); // as root, the embedded PostgreSQL runs as `postgres` and must get in
    const embedded = await startEmbeddedPostgres(work, pino({ level: 'silent' }));
    url = embedded.url;
    stop = async () => {
      await embedded.stop();
      rmSync(work, { recursive: true, force: true });
    };
  }, 120_000);
  afterAll(() => stop());

  it('a request waiting for a pooled connection gives up after 5 s while all are taken', async () => {
    const database = connectPostgres(url, { max: 1 });
    const held = await database.pool.connect();
    try {
      const { error, ms } = await timed(database.pool.query('select 1'));
      expect(error?.message).toMatch(/timeout exceeded when trying to connect/);
      expect(ms).toBeGreaterThanOrEqual(DATABASE_TIMEOUTS.connectMs - 100);
      expect(ms).toBeLessThan(DATABASE_TIMEOUTS.connectMs + 2_000);
    } finally {
      held.release();
      await database.close();
    }
  }, 20_000);

  it('a checked-out connection the server ends between two queries does not crash the process', async () => {
    // The fault drill's dying postmaster: a transaction's connection, between its statements, hears
    // the server end it. pg emits that on the client, and the pool listens only while it is idle.
    const database = connectPostgres(url, { max: 2 });
    try {
      const held = await database.pool.connect();
      const { rows } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');
      const ended = new Promise((resolve) => held.once('end', resolve));
      await database.pool.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await ended;
      await expect(held.query('select 1')).rejects.toThrow(/not queryable|terminat|Connection/);
      held.release();
      expect((await database.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('the server’s pool keeps its connections open while idle; a tool’s closes them', async () => {
    const opened = async (keepIdleConnections: boolean) => {
      const database = connectPostgres(url, { max: 3, keepIdleConnections, idleTimeoutMs: 100 });
      try {
        await Promise.all([1, 2, 3].map(() => database.pool.query('select pg_sleep(0.05)')));
        expect(database.pool.totalCount).toBe(3);
        await new Promise((resolve) => setTimeout(resolve, 400));
        return database.pool.totalCount;
      } finally {
        await database.close();
      }
    };
    expect(await opened(true)).toBe(3);
    expect(await opened(false)).toBe(0);
  });

  it('the server’s pool opens all its connections before it serves', async () => {
    const database = connectPostgres(url, { max: 4, keepIdleConnections: true });
    try {
      expect(database.pool.totalCount).toBe(0);
      await fillPool(database.pool);
      expect([database.pool.totalCount, database.pool.idleCount]).toEqual([4, 4]);
    } finally {
      await database.close();
    }
  });

  it('every pooled session has the statement and idle-in-transaction timeouts set on the server', async () => {
    const database = connectPostgres(url, { max: 1 });
    try {
      const setting = async (name: string) =>
        (
          await database.pool.query<{ setting: string }>('select setting from pg_settings where name = $1', [
            name,
          ])
        ).rows[0]?.setting;
      // pg_settings answers in milliseconds.
      expect(await setting('idle_in_transaction_session_timeout')).toBe(
        String(DATABASE_TIMEOUTS.idleInTransactionMs),
      );
      expect(await setting('statement_timeout')).toBe(String(DATABASE_TIMEOUTS.statementMs));
    } finally {
      await database.close();
    }
  });
});
