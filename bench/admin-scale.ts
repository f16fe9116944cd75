import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MemberListQuerySchema } from '@core28/core/admin';
import { listMembers } from '@core28/server/features/admin/member-list';
import { getDashboard, getProgramAnalytics } from '@core28/server/features/admin/service';
import { startEmbeddedPostgres } from '@core28/server/platform/db/embedded';
import { type DatabaseHandle, openPostgres } from '@core28/server/platform/db/index';
import { openPglite } from '@core28/server/platform/db/pglite';
import { primaryOnly } from '@core28/server/platform/db/read-replica';
import pino from 'pino';
import { seedMillion } from './seed-million.ts';

// The admin pages' data at 100,000 members with two years of history (about 1.5 million completed
// days, the Burn members' conversations), made by the bench's one seeder (seed-million.ts), on
// PGlite and on PostgreSQL.
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 40);
/** BENCH_ADMIN_ENGINES=postgres: PostgreSQL alone (pglite, postgres, or both by default). */
const ENGINES = (process.env.BENCH_ADMIN_ENGINES ?? 'pglite,postgres').split(',');

export type AdminTiming = { engine: string; name: string; p50: number; p99: number };

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

async function measureEngine(engine: string, handle: DatabaseHandle): Promise<AdminTiming[]> {
  const started = performance.now();
  const { rows } = await seedMillion(handle, { members: MEMBERS, log: () => {} });
  console.log(
    `  ${engine}: loaded ${MEMBERS.toLocaleString()} members, ${rows.workout_completions!.toLocaleString()} completed days, ${rows.discussion_messages!.toLocaleString()} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const deps = {
    db: handle.db,
    reports: primaryOnly(handle.db),
    now: () => new Date(),
    config: { coachReplyTargetHours: 24 },
  };
  // The owner's view: every member.
  const all = { staff: { roles: ['owner' as const], secondFactor: true }, viewerId: 'bench-owner' };
  const cases: [string, () => Promise<unknown>][] = [
    ['dashboard (cards + recent messages + activity)', () => getDashboard(deps, all)],
    [
      'users: search "lastname4242" (page 1 + total)',
      () =>
        listMembers(
          deps,
          MemberListQuerySchema.parse({ search: 'lastname4242', page: 1, pageSize: 25 }),
          all,
        ),
    ],
    [
      'users: search an e-mail',
      () =>
        listMembers(
          deps,
          MemberListQuerySchema.parse({ search: 'member54321@bench', page: 1, pageSize: 25 }),
          all,
        ),
    ],
    [
      'users: no search, page 2,000',
      () => listMembers(deps, MemberListQuerySchema.parse({ search: '', page: 2000, pageSize: 25 }), all),
    ],
    [
      'users: missed 2 days in a row',
      () => listMembers(deps, MemberListQuerySchema.parse({ missed: 2 }), all),
    ],
    [
      'users: wellness falling, 1-on-1 Burn',
      () => listMembers(deps, MemberListQuerySchema.parse({ falling: 'true', burn: 'true' }), all),
    ],
    [
      'users: sorted by last active',
      () => listMembers(deps, MemberListQuerySchema.parse({ sort: 'lastActive' }), all),
    ],
    ['program analytics', () => getProgramAnalytics(deps, all)],
  ];
  const timings: AdminTiming[] = [];
  for (const [name, fn] of cases) timings.push({ engine, name, ...(await timeIt(fn)) });
  return timings;
}

export async function measureAdminScale(): Promise<AdminTiming[]> {
  const timings: AdminTiming[] = [];
  if (ENGINES.includes('pglite')) {
    const lite = await openPglite();
    try {
      timings.push(...(await measureEngine('PGlite', lite)));
    } finally {
      await lite.close();
    }
  }
  if (!ENGINES.includes('postgres')) return timings;
  const dir = await mkdtemp(path.join(tmpdir(), 'core28-bench-admin-'));
  const server = await startEmbeddedPostgres(dir, pino({ level: 'silent' }));
  try {
    const pg = await openPostgres(server.url, { max: 10, statementTimeoutMs: 0 }); // bulk loads take longer than a request may
    try {
      timings.push(...(await measureEngine('PostgreSQL 18', pg)));
    } finally {
      await pg.close();
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
  return timings;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const timings = await measureAdminScale();
  console.table(timings);
}
