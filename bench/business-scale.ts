import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Deps } from '@core28/server/context';
import { computeBusinessCohorts } from '@core28/server/features/business/cohorts';
import { foldBusinessDays } from '@core28/server/features/business/fold';
import {
  getBusinessCohorts,
  getBusinessNow,
  getBusinessOverTime,
} from '@core28/server/features/business/service';
import { startEmbeddedPostgres } from '@core28/server/platform/db/embedded';
import { type DatabaseHandle, openPostgres } from '@core28/server/platform/db/index';
import { openPglite } from '@core28/server/platform/db/pglite';
import { primaryOnly } from '@core28/server/platform/db/read-replica';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { printSeedReport, seedMillion } from './seed-million.ts';

// The owner's business figures (/admin/business) at 1,000,000 members with two years of history:
// the seed (seed-million.ts), then the jobs that keep the daily snapshots, once each, then every
// query the page makes, 40 runs each, against the goal p99 ≤ 100 ms.
//
// BENCH_BUSINESS_MEMBERS (1,000,000); BENCH_BUSINESS_ENGINE=postgres (the embedded PostgreSQL 18
// in a temporary folder) or pglite (1M's 6.6 GB do not fit its 4 GB of WebAssembly memory: 100,000);
// BENCH_BUSINESS_URL=postgres://…: an existing database instead, seeded when it has no bench members.

const MEMBERS = Number(process.env.BENCH_BUSINESS_MEMBERS ?? 1_000_000);
const ENGINE = process.env.BENCH_BUSINESS_ENGINE ?? 'postgres';
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 40);
export const BUSINESS_GOAL_P99_MS = 100;

export type BusinessTiming = { name: string; p50: number; p99: number };
export type BusinessResult = {
  engine: string;
  members: number;
  jobs: { name: string; seconds: number }[];
  queries: BusinessTiming[];
};

const run = async (handle: DatabaseHandle, text: string) =>
  ((await handle.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;

/** The cohorts' read sends the job only when it never ran; here it has. */
const NO_JOBS = {
  enqueue: async () => {
    throw new Error('The bench runs the cohorts job itself.');
  },
  wake: () => {},
} as unknown as Deps['jobs'];

async function timeIt(fn: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await fn(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]! * 10) / 10;
  return { p50: at(0.5), p99: at(0.99) };
}

async function measure(engine: string, handle: DatabaseHandle): Promise<BusinessResult> {
  const [seeded] = await run(handle, "select count(*)::int as n from users where id = 'bench-1'");
  if (!seeded!.n) printSeedReport(await seedMillion(handle, { members: MEMBERS }));
  const jobs: BusinessResult['jobs'] = [];
  const job = async (name: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    jobs.push({ name, seconds: Math.round((performance.now() - started) / 100) / 10 });
  };
  // The jobs' first runs over the whole history (a database that had them before starts over).
  for (const table of ['business_days', 'business_cohort_months', 'business_cohorts', 'business_folds'])
    await run(handle, `delete from ${table}`);
  const deps = { db: handle.db, reports: primaryOnly(handle.db), now: () => new Date(), jobs: NO_JOBS };
  await job('fold: business_days from the whole ledger (first run)', () => foldBusinessDays(deps));
  await job('fold: the next run, nothing new', () => foldBusinessDays(deps));
  await job('cohorts: every month since the first sign-up (first run)', () => computeBusinessCohorts(deps));
  await job('cohorts: the next night (this month, the funnel)', () => computeBusinessCohorts(deps));
  for (const table of ['business_days', 'business_cohorts', 'business_cohort_months'])
    await run(handle, `analyze ${table}`);
  const today = new Date().toISOString().slice(0, 10);
  const twoYearsAgo = new Date(Date.now() - 730 * 86_400_000).toISOString().slice(0, 10);
  const cases: [string, () => Promise<unknown>][] = [
    ['now (MRR, paying by plan, trials, ARPU, cancelling, failing)', () => getBusinessNow(deps)],
    ['over time: 12 months by month', () => getBusinessOverTime(deps, { by: 'month' })],
    ['over time: 12 weeks by week', () => getBusinessOverTime(deps, { by: 'week' })],
    [
      'over time: two years by month',
      () => getBusinessOverTime(deps, { by: 'month', from: twoYearsAgo, to: today }),
    ],
    ['cohorts: 12 sign-up months (triangle + funnel)', () => getBusinessCohorts(deps, {})],
    [
      'cohorts: two years of sign-up months',
      () => getBusinessCohorts(deps, { from: twoYearsAgo, to: today }),
    ],
  ];
  const queries: BusinessTiming[] = [];
  for (const [name, fn] of cases) queries.push({ name, ...(await timeIt(fn)) });
  return { engine, members: MEMBERS, jobs, queries };
}

export async function measureBusinessScale(): Promise<BusinessResult> {
  if (process.env.BENCH_BUSINESS_URL) {
    const pg = await openPostgres(process.env.BENCH_BUSINESS_URL, { max: 4, statementTimeoutMs: 0 });
    try {
      return await measure('PostgreSQL (BENCH_BUSINESS_URL)', pg);
    } finally {
      await pg.close();
    }
  }
  if (ENGINE === 'pglite') {
    const lite = await openPglite();
    try {
      return await measure('PGlite', lite);
    } finally {
      await lite.close();
    }
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'core28-bench-business-'));
  const server = await startEmbeddedPostgres(dir, pino({ level: 'silent' }));
  try {
    const pg = await openPostgres(server.url, { max: 4, statementTimeoutMs: 0 }); // the seed and the jobs take longer than a request may
    try {
      return await measure('PostgreSQL 18', pg);
    } finally {
      await pg.close();
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureBusinessScale();
  console.table(result.jobs);
  console.table(result.queries);
}
