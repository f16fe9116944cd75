import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Listen, listenWithPostgres } from './listen.ts';
import {
  type MigrateOptions,
  migrateOrRefuse,
  NEWEST_MIGRATION_MILLIS,
  underMigrationLock,
} from './migrations.ts';
import * as schema from './schema.ts';

export { schema };
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The database or a transaction on it, for queries that may run inside a caller's transaction. */
export type DbOrTx = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** Rows of a raw SQL statement, whichever driver ran it (node-postgres and PGlite both answer `rows`). */
export async function rowsOf<T>(db: Pick<DbOrTx, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The row an `insert … returning` gives back (or an update of a row just read). */
export function oneRow<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('Expected a row, got none');
  return row;
}
/** Rows of a raw query, whichever driver ran it (node-postgres and PGlite both answer `rows`). */
export async function rawRows<T>(db: Pick<DbOrTx, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export type DatabaseHandle = {
  db: Database;
  close: () => Promise<void>;
  kind: 'postgres' | 'pglite';
  /** LISTEN on a channel; `onResume` fires when a lost listening connection is back. */
  listen: Listen;
  /**
   * Plain SQL with $1-style parameters, outside any transaction (the job queue's connection to
   * the database); a text without parameters may hold several statements.
   */
  executeSql: ExecuteSql;
  /**
   * Runs `work` while this process holds the session advisory lock `key` (what several
   * instances must not do at once, such as the seed). On PGlite, one session in one process: work runs.
   */
  exclusively: <T>(key: string, work: () => Promise<T>) => Promise<T>;
  /** The connection pool's state, for /metrics (none on PGlite). */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

export {
  MIGRATION_LOCK_SQL,
  MIGRATIONS_FOLDER,
  type MigrateOptions,
  NewerSchemaError,
  underMigrationLock,
} from './migrations.ts';

export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/**
 * A hung database hung every request. No request waits on the database for ever:
 * connecting (or waiting for a free pooled connection) gives up after 5 s; the server cancels a
 * statement after `statementTimeoutMs` and, should the server itself not answer (frozen, or the
 * network gone), the client gives up 1 s later; a transaction left idle for 15 s is ended by the
 * server, so its locks are released.
 */
export const DATABASE_TIMEOUTS = { connectMs: 5_000, statementMs: 5_000, idleInTransactionMs: 15_000 };

export type PostgresOptions = {
  max?: number;
  /**
   * Keep every connection open while idle (a pool of a fixed size, as HikariCP
   * recommends), the server's setting. Measured on the embedded PostgreSQL: a new connection and
   * its first statement take 7.3–10.9 ms (a backend forked, authentication, its catalog caches
   * cold, each statement prepared again) against 0.6–1.5 ms on an open one, and pg's pool closed
   * connections idle for 10 s, so a request after a pause paid that. Off, idle connections close
   * after `idleTimeoutMs` (tools and tests that open a pool for a while).
   */
  keepIdleConnections?: boolean;
  /** How long an idle connection above the kept ones stays open (pg's default: 10 s). */
  idleTimeoutMs?: number;
  /** 0: no statement timeout (bulk loads in benchmarks). */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL itself when `url` is a transaction-mode pooler (PgBouncer): the migrations,
   * LISTEN and session advisory locks go there, and the pool sends what a pooler in transaction
   * mode can carry (docs/decisions/0030).
   */
  directUrl?: string;
};

/**
 * A client for a transaction-mode pooler without protocol-level prepared statements (PgBouncer
 * before 1.21, Debian 12's 1.18): a named statement is prepared on one server connection and would
 * be executed on another, so every statement goes unnamed (parsed and planned on each call, as
 * the rest of the app's statements are). PgBouncer 1.21+ with `max_prepared_statements` carries
 * named ones; this keeps the app right with either.
 */
class UnnamedStatementsClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads, passed through unchanged but for the name
  override query(config: any, ...rest: any[]): any {
    if (config && typeof config === 'object' && typeof config.name === 'string') {
      const { name: _name, ...unnamed } = config;
      return (super.query as (...args: unknown[]) => unknown)(unnamed, ...rest);
    }
    return (super.query as (...args: unknown[]) => unknown)(config, ...rest);
  }
}

/** A pool with the timeouts above; no migrations (see openPostgres). */
export function connectPostgres(
  url: string,
  {
    max = 10,
    statementTimeoutMs = DATABASE_TIMEOUTS.statementMs,
    keepIdleConnections = false,
    idleTimeoutMs = 10_000,
    directUrl,
  }: PostgresOptions = {},
): DatabaseHandle & { pool: pg.Pool } {
  const isPooled = directUrl !== undefined && directUrl !== url;
  const sessionUrl = directUrl ?? url;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    min: keepIdleConnections ? max : 0,
    idleTimeoutMillis: idleTimeoutMs,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
    ...(statementTimeoutMs > 0 && { query_timeout: statementTimeoutMs + 1_000 }),
    // Session settings are startup parameters a pooler refuses (PgBouncer: "unsupported startup
    // parameter") and could not keep per client anyway: behind one, the pooler's own query_timeout
    // and idle_transaction_timeout (docs/deploy.md) take their place, and the client's timeout stays.
    ...(isPooled
      ? { Client: UnnamedStatementsClient }
      : {
          ...(statementTimeoutMs > 0 && { statement_timeout: statementTimeoutMs }),
          idle_in_transaction_session_timeout: DATABASE_TIMEOUTS.idleInTransactionMs,
        }),
  });
  // A connection's error must never crash the process; its next query reports it, and the pool
  // drops it when it is released. The pool listens to its idle connections only: a checked-out one
  // between two statements (a transaction's) needs its own listener (the fault drill's dying
  // postmaster crashed the app that way).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  if (keepIdleConnections) keepPoolFilled(pool);
  const db = drizzlePg(pool, { schema });
  return {
    db,
    pool,
    kind: 'postgres',
    close: () => pool.end(),
    listen: listenWithPostgres(sessionUrl),
    executeSql: (text, values) => pool.query(text, values),
    exclusively: (key, work) => underSessionLock(sessionUrl, key, work),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * The lock is held on a connection of its own, outside the pool: the work runs on the pool (and
 * may take its own transaction locks), and waiting for another instance's work is not cut off by
 * the pool's statement timeout. Ending the connection (a crash) releases the lock.
 */
async function underSessionLock<T>(url: string, key: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
  });
  client.on('error', () => {}); // a lost lock connection ends the lock; the work's own queries report an outage
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [key]);
    return await work();
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * pg's pool keeps `min` connections only by not closing idle ones: those a database restart broke
 * are removed and not made again until traffic asks, so the pool sat at half its size after a
 * restart and the next burst paid for new connections. Each removal tops it up again, retried
 * every few seconds while the database is away.
 */
function keepPoolFilled(pool: pg.Pool) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const topUp = async () => {
    timer = undefined;
    if (pool.ending || pool.ended) return;
    const missing = (pool.options.min ?? 0) - pool.totalCount;
    if (missing <= 0) return;
    const tries = await Promise.allSettled(Array.from({ length: missing }, () => pool.connect()));
    for (const tried of tries) if (tried.status === 'fulfilled') tried.value.release();
    if (tries.some((tried) => tried.status === 'rejected')) schedule(2_000);
  };
  const schedule = (ms: number) => {
    if (!timer) timer = setTimeout(() => void topUp(), ms).unref();
  };
  pool.on('remove', () => schedule(500));
}

/** node-postgres against a real PostgreSQL server (DATABASE_URL or the embedded one), migrated. */
export async function openPostgres(
  url: string,
  { log, allowNewerSchema, ...options }: PostgresOptions & MigrateOptions = {},
): Promise<DatabaseHandle & { pool: pg.Pool }> {
  // Migrations run on a connection of their own, without the statement timeout: one may rewrite
  // a large table. It holds a session advisory lock, so it goes around a pooler.
  const client = new pg.Client({
    connectionString: options.directUrl ?? url,
    connectionTimeoutMillis: DATABASE_TIMEOUTS.connectMs,
  });
  await client.connect();
  try {
    await underMigrationLock(
      (text) => client.query(text),
      () => migrateOrRefuse(client, { log, allowNewerSchema }),
    );
  } finally {
    await client.end();
  }
  const database = connectPostgres(url, options);
  if (options.keepIdleConnections) await fillPool(database.pool);
  return database;
}

/**
 * Opens every connection of a pool kept open, at once. pg's pool opens them only when a request
 * finds all busy, so the first burst of traffic paid 7–11 ms for each new one, while holding the
 * requests queued behind it (the live bench's slowest messages, a new backend in
 * `authentication` at that very moment).
 */
export async function fillPool(pool: pg.Pool): Promise<void> {
  const clients = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
  for (const client of clients) client.release();
}

/** The driver under drizzle (`$client`: node-postgres' pool, or PGlite): both take a plain text. */
const driverOf = (db: Database) =>
  (db as unknown as { $client: { query: (text: string) => Promise<unknown> } }).$client;

/**
 * Whether the database answers a trivial query within `timeoutMs`, for /api/health and for telling
 * an outage from a bug. A query still waiting is left to the pool's own timeouts. The query is plain
 * text on the driver: through drizzle, a `select 1` is built into a query object that node-postgres
 * then copies (~8 µs of a probe's CPU).
 */
export function databaseAnswers(db: Database, timeoutMs = 1_000): Promise<boolean> {
  // One promise settled by whichever comes first, the answer or the timer (an async
  // function racing a timeout promise made four promises and a race per probe).
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs, false);
    const settle = (answered: boolean) => {
      clearTimeout(timer);
      resolve(answered);
    };
    driverOf(db)
      .query('select 1')
      .then(
        () => settle(true),
        () => settle(false),
      );
  });
}

/** Whether the database has every migration of this code (an older instance may not have run them). */
export async function migrationsAreCurrent(db: Database): Promise<boolean> {
  const result = (await db.execute(
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { newest: string | null }[] };
  const newest = Number(result.rows[0]?.newest ?? 0);
  return newest >= NEWEST_MIGRATION_MILLIS;
}
