import { parseArgs } from 'node:util';
import type { DatabaseHandle } from '@core28/server/platform/db/index';
import { openPostgres } from '@core28/server/platform/db/index';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { coachingStatements } from './seed/coaching.ts';
import { ledgerStatements, ledgerStateStatements } from './seed/ledger.ts';
import { BENCH_PASSWORD, memberStatements } from './seed/members.ts';
import { plansTable, type SeedOptions } from './seed/sql.ts';
import { aggregateStatements, dayStatements, roundStatements } from './seed/training.ts';

// The bench's members at any size (1,000,000 by default): two years of sign-ups, plan history in the
// plan ledger, rounds, completed days, results, wellness and coaching, generated inside the database
// (INSERT … SELECT over generate_series, no row sent from here) on PGlite or PostgreSQL.
//
//   npm run bench:seed -- --members 1000000 --url postgres://postgres@127.0.0.1:5432/bench [--now 2026-06-15T12:00:00Z]
//
// The rows are loaded with the tables' triggers off (session_replication_role = replica, one
// transaction per stage): per-row triggers and foreign-key checks on tens of millions of rows took
// most of the time, and the statement triggers' transition tables held every row. What those
// triggers keep (member_progress, the program counters, rounds made with a profile) is then set by
// the stages themselves from the same definitions; seed-million.test.ts checks it against the
// triggers' own functions and the ledger against core.

export const SEED_TABLES = [
  'users',
  'profiles',
  'accounts',
  'subscribers',
  'plan_ledger',
  'plan_ledger_states',
  'business_now',
  'rounds',
  'workout_completions',
  'exercise_progress',
  'wellness_tracking',
  'member_progress',
  'discussion_topics',
  'discussion_messages',
] as const;

export type SeedStage = { name: string; seconds: number };
export type SeedReport = {
  members: number;
  now: Date;
  stages: SeedStage[];
  rows: Record<string, number>;
  /** Bytes with indexes, per table, and of the whole database. */
  sizes: Record<string, number>;
  databaseBytes: number;
};

type Rows<T> = { rows: T[] };

async function query<T>(handle: DatabaseHandle, text: string): Promise<T[]> {
  return ((await handle.db.execute(sql.raw(text))) as unknown as Rows<T>).rows;
}

export async function seedMillion(
  handle: DatabaseHandle,
  {
    members = 1_000_000,
    now = new Date(),
    log = console.log,
  }: Partial<SeedOptions> & { log?: (line: string) => void } = {},
): Promise<SeedReport> {
  const options = { members, now };
  const passwordHash = await hash(BENCH_PASSWORD, {
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  const stages: [string, string[]][] = [
    ['members, profiles, staff', [...plansTable(), ...memberStatements(options, passwordHash)]],
    ['plan ledger', ledgerStatements(options)],
    ['ledger states, business_now, subscribers', ledgerStateStatements(options)],
    ['rounds', roundStatements(options)],
    ['completed days, results, wellness', dayStatements(options)],
    ['coaching', coachingStatements(options)],
    ['member_progress and counters', aggregateStatements(options)],
  ];
  const done: SeedStage[] = [];
  const timed = async (name: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    done.push({ name, seconds });
    log(`  ${name}: ${seconds} s`);
  };
  for (const [name, statements] of stages)
    await timed(name, () =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql.raw('set local session_replication_role = replica'));
        for (const statement of statements) await tx.execute(sql.raw(statement));
      }),
    );
  await timed('vacuum analyze', async () => {
    for (const table of ['plans', 'members', 'lives', 'events', 'rounds', 'topics'])
      await query(handle, `drop table if exists bench_seed_${table}`);
    // A live database has been vacuumed by autovacuum (visibility map set for index-only scans).
    await query(handle, 'vacuum analyze');
  });
  const rows: Record<string, number> = {};
  const sizes: Record<string, number> = {};
  for (const table of SEED_TABLES) {
    const [row] = await query<{ n: number; bytes: number }>(
      handle,
      `select (select count(*) from ${table})::int as n, pg_total_relation_size('${table}')::float8 as bytes`,
    );
    rows[table] = row!.n;
    sizes[table] = row!.bytes;
  }
  const [db] = await query<{ bytes: number }>(
    handle,
    'select pg_database_size(current_database())::float8 as bytes',
  );
  return { members, now, stages: done, rows, sizes, databaseBytes: db!.bytes };
}

export function printSeedReport(report: SeedReport, log = console.log) {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const total = report.stages.reduce((sum, stage) => sum + stage.seconds, 0);
  log(
    `\nSeeded ${report.members.toLocaleString('en')} members in ${total.toFixed(1)} s; the database is ${mb(report.databaseBytes)}`,
  );
  for (const table of SEED_TABLES)
    log(
      `  ${table.padEnd(22)} ${report.rows[table]!.toLocaleString('en').padStart(12)} rows ${mb(report.sizes[table]!).padStart(9)}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      members: { type: 'string', default: '1000000' },
      url: { type: 'string' },
      now: { type: 'string' },
    },
  });
  const url = values.url ?? process.env.DATABASE_URL;
  if (!url)
    throw new Error('Give the database: --url postgres://… or DATABASE_URL (its migrations are run first).');
  const handle = await openPostgres(url, { max: 2, statementTimeoutMs: 0 });
  try {
    const [taken] = await query<{ n: number }>(
      handle,
      "select count(*)::int as n from users where id = 'bench-1'",
    );
    if (taken!.n > 0) throw new Error('This database already holds the bench members: seed an empty one.');
    const now = values.now ? new Date(values.now) : new Date();
    printSeedReport(await seedMillion(handle, { members: Number(values.members), now }));
  } finally {
    await handle.close();
  }
}
