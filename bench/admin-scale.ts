import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MemberListQuerySchema } from '@core28/core/admin';
import { listMembers } from '@core28/server/features/admin/member-list';
import { getDashboard, getProgramAnalytics } from '@core28/server/features/admin/service';
import { startEmbeddedPostgres } from '@core28/server/platform/db/embedded';
import { type DatabaseHandle, openPostgres } from '@core28/server/platform/db/index';
import { openPglite } from '@core28/server/platform/db/pglite';
import { sql } from 'drizzle-orm';
import pino from 'pino';

// The admin pages' data at 100,000 members, 1,500,000 completed days and 100,000 messages,
// loaded in bulk (INSERT … SELECT generate_series), on PGlite and on PostgreSQL.
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const TOPICS = MEMBERS / 10;
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 40);
/** BENCH_ADMIN_ENGINES=postgres: PostgreSQL alone (pglite, postgres, or both by default). */
const ENGINES = (process.env.BENCH_ADMIN_ENGINES ?? 'pglite,postgres').split(',');

export type AdminTiming = { engine: string; name: string; p50: number; p99: number };

export async function bulkLoad({ db }: DatabaseHandle) {
  const statements = [
    sql`insert into users (id, name, email, email_verified, created_at, updated_at)
        select 'bench-' || i, 'Member ' || i, 'member' || i || '@bench.example', true,
               now() - (i % 60) * interval '1 day', now()
        from generate_series(1, ${MEMBERS}) i`,
    sql`insert into profiles (user_id, registration_date, first_name, last_name)
        select 'bench-' || i, now() - (i % 60) * interval '1 day' - (i % 3600) * interval '1 second',
               (array['Ann','Ben','Cyra','Dana','Eli','Fay','Gus','Hana'])[1 + i % 8], 'Lastname' || (i % 5000)
        from generate_series(1, ${MEMBERS}) i`,
    sql`insert into subscribers (user_id, email, subscribed, subscription_tier, is_trial, trial_end, updated_at)
        select 'bench-' || i, 'member' || i || '@bench.example', i % 3 <> 0,
               (array['Feel and Burn','The Daily Core','1-on-1 Burn'])[1 + i % 3], i % 3 = 0,
               case when i % 3 = 0 then now() + interval '3 days' end, now() - (i % 5000) * interval '1 minute'
        from generate_series(1, ${MEMBERS}) i`,
    // 1 to 29 days each, capped at 28: 1.5 million rows for 100,000 members.
    // Rows name their round 1 (made with each profile) and its program: a lookup per row otherwise.
    sql`insert into workout_completions (user_id, round_id, program_id, day_number, completed_at)
        select r.user_id, r.id, r.program_id, d, now() - (30 - d) * interval '1 hour' - (i % 600) * interval '1 second'
        from generate_series(1, ${MEMBERS}) i join rounds r on r.user_id = 'bench-' || i and r.number = 1,
          generate_series(1, least(28, 1 + i % 29)) d`,
    sql`insert into wellness_tracking (user_id, round_id, program_id, day_number, feeling_rating, energy_level)
        select r.user_id, r.id, r.program_id, d, 1 + (i + d) % 5, 1 + (i * 7 + d) % 5
        from generate_series(1, ${MEMBERS}) i join rounds r on r.user_id = 'bench-' || i and r.number = 1,
          unnest(array[1, 8, 15]) d where d <= 1 + i % 29`,
    sql`insert into discussion_topics (user_id, title, description, is_archived, created_at, updated_at)
        select 'bench-' || (i * 10), 'Topic ' || i, '', i % 5 = 0,
               now() - i * interval '1 minute', now() - i * interval '1 minute'
        from generate_series(1, ${TOPICS}) i`,
    sql`insert into discussion_messages (topic_id, user_id, message, is_coach_reply, read_by_user, read_by_coach, created_at)
        select t.id, t.user_id, 'Message ' || k || ' about form and breathing', k % 2 = 0, true, k < 10,
               t.created_at + k * interval '1 second'
        from discussion_topics t, generate_series(1, 10) k`,
    // A coach, whose own rows every admin figure leaves out.
    sql`insert into user_roles (user_id, role) values ('bench-1', 'owner')`,
    // A live database has been vacuumed by autovacuum (visibility map set for index-only scans).
    sql`vacuum analyze`,
  ];
  for (const statement of statements) await db.execute(statement);
  const [row] = (
    (await db.execute(sql`select (select count(*)::int from workout_completions) as completions,
      (select count(*)::int from discussion_messages) as messages`)) as unknown as {
      rows: { completions: number; messages: number }[];
    }
  ).rows;
  return row!;
}

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
  const loaded = await bulkLoad(handle);
  console.log(
    `  ${engine}: loaded ${MEMBERS.toLocaleString()} members, ${loaded.completions.toLocaleString()} completed days, ${loaded.messages.toLocaleString()} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const deps = { db: handle.db, now: () => new Date(), config: { coachReplyTargetHours: 24 } };
  // The owner's view: every member.
  const all = { staff: { roles: ['owner' as const], secondFactor: true }, viewerId: 'bench-1' };
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
