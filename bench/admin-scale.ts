import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MemberListQuerySchema } from '@core28/core/admin';
import { AuditQuerySchema } from '@core28/core/audit';
import type { Staff } from '@core28/core/staff';
import {
  getMemberDetail,
  getMemberSummary,
  listMembersNeedingAttention,
} from '@core28/server/features/admin/member-detail';
import { listMembers } from '@core28/server/features/admin/member-list';
import { getDashboard, getProgramAnalytics } from '@core28/server/features/admin/service';
import { listAudit, listAuditActors } from '@core28/server/features/audit/service';
import { countUnreadTopics, listCoachTopics } from '@core28/server/features/coaching/inbox';
import { getCoachConversation } from '@core28/server/features/coaching/service';
import { listWaitlist } from '@core28/server/features/seats/waitlist';
import { listSupportMessages } from '@core28/server/features/support/service';
import { listOpenInvitations } from '@core28/server/features/team/invitations';
import { listTeam } from '@core28/server/features/team/team-list';
import { startEmbeddedPostgres } from '@core28/server/platform/db/embedded';
import { type DatabaseHandle, openPostgres } from '@core28/server/platform/db/index';
import { openPglite } from '@core28/server/platform/db/pglite';
import { primaryOnly } from '@core28/server/platform/db/read-replica';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { seedMillion } from './seed-million.ts';

// Every admin and coach page's data, as the routes call it, at 100,000 members with two years of
// history made by the bench's one seeder (seed-million.ts), on PGlite and on PostgreSQL; or on a
// database already seeded (BENCH_ADMIN_URL, e.g. the 1,000,000 members of `npm run bench:seed`),
// migrated and measured as it is. Each case in the owner's view (every member) and, where a coach
// has the page, in one coach's (their assigned members).
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 40);
/** BENCH_ADMIN_ENGINES=postgres: PostgreSQL alone (pglite, postgres, or both by default). */
const ENGINES = (process.env.BENCH_ADMIN_ENGINES ?? 'pglite,postgres').split(',');
/** A database already seeded: no seeding, its migrations run, then measured. */
const URL = process.env.BENCH_ADMIN_URL;
/** BENCH_ADMIN_CASES=missed: only the cases whose name holds one of these words. */
const ONLY = process.env.BENCH_ADMIN_CASES?.split(',');
/** BENCH_ADMIN_VIEWS=coach: one view only (owner, coach, or both by default). */
const VIEWS = (process.env.BENCH_ADMIN_VIEWS ?? 'owner,coach').split(',');

export const ADMIN_GOAL_P99_MS = 100;

export type AdminTiming = { engine: string; view: string; name: string; p50: number; p99: number };
export type AdminScale = { members: number; runs: number; timings: AdminTiming[] };

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

type Rows<T> = { rows: T[] };
async function one<T>(handle: DatabaseHandle, text: string): Promise<T> {
  const [row] = ((await handle.db.execute(sql.raw(text))) as unknown as Rows<T>).rows;
  if (!row) throw new Error(`The bench's data has no row for: ${text}`);
  return row;
}

type Viewer = { staff: Staff; viewerId: string };
type Case = [name: string, fn: () => Promise<unknown>];

async function measureEngine(engine: string, handle: DatabaseHandle): Promise<AdminTiming[]> {
  const deps = {
    db: handle.db,
    reports: primaryOnly(handle.db),
    now: () => new Date(),
    config: { coachReplyTargetHours: 24 },
    // The seeded coaches have no photo: nothing is signed.
    storage: { signedUrl: async () => null } as never,
  };
  const owner: Viewer = { staff: { roles: ['owner'], secondFactor: true }, viewerId: 'bench-owner' };
  const coach: Viewer = { staff: { roles: ['coach'], secondFactor: true }, viewerId: 'bench-coach-1' };
  // One of coach 1's members with conversations: the detail page and a conversation.
  const { userId, topicId } = await one<{ userId: string; topicId: string }>(
    handle,
    `select a.user_id as "userId", t.id as "topicId" from coach_assignments a
       join discussion_topics t on t.user_id = a.user_id
     where a.coach_id = 'bench-coach-1' order by a.user_id, t.id limit 1`,
  );
  const list = (viewer: Viewer, query: Record<string, unknown>) => () =>
    listMembers(deps, MemberListQuerySchema.parse(query), viewer);
  const topics = (viewer: Viewer, view: 'awaiting' | 'all' | 'archived', q?: string) => () =>
    listCoachTopics(deps, { ...viewer, view, q, page: 1 });
  // Both views: the coach's pages.
  const coachPages = (viewer: Viewer): Case[] => [
    ['program analytics', () => getProgramAnalytics(deps, viewer)],
    ['needs attention', () => listMembersNeedingAttention(deps, viewer)],
    ['users: search a last name (page 1 + total)', list(viewer, { search: 'lastname4242' })],
    ['users: search an e-mail', list(viewer, { search: 'member54321@bench' })],
    ['users: no search, page 1', list(viewer, {})],
    ['users: plan paid', list(viewer, { plan: 'paid' })],
    ['users: plan trial', list(viewer, { plan: 'trial' })],
    ['users: 1-on-1 Burn', list(viewer, { burn: 'true' })],
    ['users: missed 1 day in a row', list(viewer, { missed: 1 })],
    ['users: missed 2 days in a row', list(viewer, { missed: 2 })],
    ['users: missed 3+ days in a row', list(viewer, { missed: 3 })],
    ['users: wellness falling', list(viewer, { falling: 'true' })],
    ['users: wellness falling, 1-on-1 Burn', list(viewer, { falling: 'true', burn: 'true' })],
    ['users: paid, missed 2, sorted by missed', list(viewer, { plan: 'paid', missed: 2, sort: 'missed' })],
    ['users: sorted by registration', list(viewer, { sort: 'registered' })],
    ['users: sorted by last active', list(viewer, { sort: 'lastActive' })],
    ['users: sorted by days missed', list(viewer, { sort: 'missed' })],
    ['users: sorted by days missed, page 2', list(viewer, { sort: 'missed', page: 2 })],
    // The detail page reads only the database; the rest of a request's deps go unused.
    ['member detail', () => getMemberDetail(deps as never, { userId })],
    ['member summary (chat panel)', () => getMemberSummary(deps, { userId })],
    ['coaching: awaiting reply', topics(viewer, 'awaiting')],
    ['coaching: all conversations', topics(viewer, 'all')],
    ['coaching: archived', topics(viewer, 'archived')],
    ['coaching: search "plank"', topics(viewer, 'all', 'plank')],
    ['coaching: unread count', () => countUnreadTopics(deps, viewer)],
    ['coaching: a conversation', () => getCoachConversation(deps as never, { topicId })],
  ];
  const ownerOnly: Case[] = [
    ['dashboard (cards, attention, messages, activity)', () => getDashboard(deps, owner)],
    ['users: no search, page 2,000', list(owner, { page: 2000 })],
    ['support inbox: open', () => listSupportMessages(deps, { view: 'open', page: 1 })],
    ['support inbox: handled', () => listSupportMessages(deps, { view: 'handled', page: 1 })],
    ['audit log: page 1', () => listAudit(deps, AuditQuerySchema.parse({}))],
    ['audit log: one member', () => listAudit(deps, AuditQuerySchema.parse({ member: userId }))],
    ['audit log: actors', () => listAuditActors(deps)],
    ['team', () => Promise.all([listTeam(deps as never), listOpenInvitations(deps)])],
    ['waitlist', () => listWaitlist(deps)],
  ];
  const cases: [string, Case][] = [
    ...[...ownerOnly, ...coachPages(owner)].map((c): [string, Case] => ['owner', c]),
    ...coachPages(coach).map((c): [string, Case] => ['coach', c]),
  ];
  const timings: AdminTiming[] = [];
  for (const [view, [name, fn]] of cases) {
    if (!VIEWS.includes(view) || (ONLY && !ONLY.some((word) => name.includes(word)))) continue;
    const timing = { engine, view, name, ...(await timeIt(fn)) };
    timings.push(timing);
    console.log(`  ${engine} ${view.padEnd(5)} ${name.padEnd(48)} ${timing.p50} / ${timing.p99} ms`);
  }
  return timings;
}

async function seeded(engine: string, handle: DatabaseHandle) {
  const started = performance.now();
  const { rows } = await seedMillion(handle, { members: MEMBERS, log: () => {} });
  console.log(
    `  ${engine}: loaded ${MEMBERS.toLocaleString()} members, ${rows.workout_completions!.toLocaleString()} completed days, ${rows.discussion_messages!.toLocaleString()} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return measureEngine(engine, handle);
}

export async function measureAdminScale(): Promise<AdminScale> {
  if (URL) {
    const started = performance.now();
    // Its migrations run here (a backfill of a new one included): a statement may take longer than a request.
    const pg = await openPostgres(URL, { max: 10, statementTimeoutMs: 0 });
    try {
      console.log(`  migrated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const { n, version } = await one<{ n: number; version: string }>(
        pg,
        `select (select count(*)::int from profiles) as n, current_setting('server_version') as version`,
      );
      const engine = `PostgreSQL ${version.split(' ')[0]}`;
      return { members: n, runs: RUNS, timings: await measureEngine(engine, pg) };
    } finally {
      await pg.close();
    }
  }
  const timings: AdminTiming[] = [];
  if (ENGINES.includes('pglite')) {
    const lite = await openPglite();
    try {
      timings.push(...(await seeded('PGlite', lite)));
    } finally {
      await lite.close();
    }
  }
  if (!ENGINES.includes('postgres')) return { members: MEMBERS, runs: RUNS, timings };
  const dir = await mkdtemp(path.join(tmpdir(), 'core28-bench-admin-'));
  const server = await startEmbeddedPostgres(dir, pino({ level: 'silent' }));
  try {
    const pg = await openPostgres(server.url, { max: 10, statementTimeoutMs: 0 }); // bulk loads take longer than a request may
    try {
      timings.push(...(await seeded('PostgreSQL 18', pg)));
    } finally {
      await pg.close();
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
  return { members: MEMBERS, runs: RUNS, timings };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { timings } = await measureAdminScale();
  console.table(timings);
}
