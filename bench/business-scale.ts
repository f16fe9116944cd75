import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@core28/server/platform/db/embedded';
import { type DatabaseHandle, openPostgres } from '@core28/server/platform/db/index';
import { openPglite } from '@core28/server/platform/db/pglite';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { printSeedReport, seedMillion } from './seed-million.ts';

// The owner's business figures (/admin/business) at 1,000,000 members with two years of history:
// the seed (seed-million.ts), then the jobs that keep the daily snapshots, once each, then every
// query the page makes, 40 runs each, against the goal p99 ≤ 100 ms.
//
// BENCH_BUSINESS_MEMBERS (1,000,000); BENCH_BUSINESS_ENGINE=postgres (the embedded PostgreSQL 18
// in a temporary folder) or pglite (1M does not fit PGlite's memory: give it 100,000 or fewer);
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

/**
 * The daily snapshot from the ledger, from scratch (the fold job's first run: every day is new).
 * Written here until the fold job lands; its definitions are docs/business-figures.md's.
 */
const FOLD = `insert into business_days (day, plan_key, paying_delta, mrr_delta_cents, trials_delta, new_mrr_cents,
    expansion_mrr_cents, contraction_mrr_cents, churn_mrr_cents, reactivation_mrr_cents, new_members, churned_members,
    reactivated_members, trial_starts, payments_failed, payments_recovered, payments_lost, collected_cents, refunded_cents)
  select (occurred_at at time zone 'UTC')::date, coalesce(plan_after, plan_before, ''),
    sum((status_after = 'paying')::int - (status_before = 'paying')::int),
    sum(mrr_after_cents - mrr_before_cents),
    sum((status_after = 'trial')::int - (status_before = 'trial')::int),
    coalesce(sum(mrr_after_cents) filter (where movement = 'new'), 0),
    coalesce(sum(mrr_after_cents - mrr_before_cents) filter (where movement = 'expansion'), 0),
    coalesce(sum(mrr_before_cents - mrr_after_cents) filter (where movement = 'contraction'), 0),
    coalesce(sum(mrr_before_cents) filter (where movement = 'churn'), 0),
    coalesce(sum(mrr_after_cents) filter (where movement = 'reactivation'), 0),
    count(*) filter (where movement = 'new'), count(*) filter (where movement = 'churn'),
    count(*) filter (where movement = 'reactivation'), count(*) filter (where kind = 'trial_started'),
    count(*) filter (where kind = 'payment_failed'), count(*) filter (where kind = 'payment_recovered'),
    count(*) filter (where kind = 'grace_ended'),
    coalesce(sum(amount_cents) filter (where amount_cents > 0), 0), coalesce(-sum(amount_cents) filter (where amount_cents < 0), 0)
  from plan_ledger group by 1, 2
  on conflict (day, plan_key) do nothing`;

/** Trial conversions counted on the day the trial started (the conversions index). */
const FOLD_CONVERSIONS = `update business_days d set trial_conversions = c.n
  from (select (trial_started_at at time zone 'UTC')::date as day, count(*)::int as n from plan_ledger
        where kind = 'trial_converted' group by 1) c
  where d.day = c.day and d.plan_key = ''`;

/** A period table from the days: balances are running sums of the deltas, movements are sums. */
const overTime = (unit: 'month' | 'week', periods: number) => `
  with p as (
    select date_trunc('${unit}', day)::date as start, sum(mrr_delta_cents) as mrr_delta, sum(paying_delta) as paying_delta,
      sum(new_mrr_cents) as new_mrr, sum(expansion_mrr_cents) as expansion, sum(contraction_mrr_cents) as contraction,
      sum(churn_mrr_cents) as churn, sum(reactivation_mrr_cents) as reactivation, sum(new_members) as new_members,
      sum(churned_members) as churned, sum(reactivated_members) as reactivated, sum(trial_starts) as trial_starts,
      sum(trial_conversions) as conversions, sum(payments_failed) as failed, sum(payments_recovered) as recovered,
      sum(payments_lost) as lost, sum(collected_cents) as collected, sum(refunded_cents) as refunded
    from business_days group by 1),
  b as (select *, sum(mrr_delta) over (order by start) as mrr_end, sum(paying_delta) over (order by start) as paying_end from p)
  select *, mrr_end - mrr_delta as mrr_start, paying_end - paying_delta as paying_start
  from b order by start desc limit ${periods}`;

const NOW_QUERY = `select plan_key, sum(paying)::int as paying, sum(mrr_cents)::bigint as mrr, sum(trials)::int as trials,
    sum(cancelling)::int as cancelling, sum(cancelling_mrr_cents)::bigint as cancelling_mrr,
    sum(failing)::int as failing, sum(failing_mrr_cents)::bigint as failing_mrr
  from business_now group by plan_key`;

async function measure(engine: string, handle: DatabaseHandle): Promise<BusinessResult> {
  const [seeded] = await run(handle, "select count(*)::int as n from users where id = 'bench-1'");
  if (!seeded!.n) printSeedReport(await seedMillion(handle, { members: MEMBERS }));
  const jobs: BusinessResult['jobs'] = [];
  const job = async (name: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    jobs.push({ name, seconds: Math.round((performance.now() - started) / 100) / 10 });
  };
  await job('fold (every day, first run)', async () => {
    await run(handle, 'delete from business_days');
    await run(handle, FOLD);
    await run(handle, FOLD_CONVERSIONS);
    await run(handle, 'analyze business_days');
  });
  const cases: [string, string][] = [
    ['now (business_now: MRR, paying by plan, trials, cancelling, failing)', NOW_QUERY],
    ['over time: 12 months', overTime('month', 12)],
    ['over time: 12 weeks', overTime('week', 12)],
    ['over time: 24 months (the whole history)', overTime('month', 24)],
  ];
  const queries: BusinessTiming[] = [];
  for (const [name, text] of cases) queries.push({ name, ...(await timeIt(() => run(handle, text))) });
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
