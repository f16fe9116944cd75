import { randomUUID } from 'node:crypto';
import { type Entitlements, entitlementsOf } from '@core28/core/entitlements';
import type { StaffRole } from '@core28/core/staff';
import { determineSubscription, type Tier } from '@core28/core/subscriptions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogArticles, coachAssignments, exercises, subscribers, userRoles } from '../platform/db/schema.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  TEST_ORIGIN,
  type TestApp,
} from '../testing/harness.ts';
import { BODIES, DAYS_TRIED, expected, POLICY, ROLES, type Role } from './access-matrix.ts';

// Every API route the server registers (and /metrics) × every kind of caller.
// The table (system-tests/access-matrix.ts) says who may do what; a route missing from it fails the
// test, so a new route cannot be forgotten.

/** A PNG's first bytes: enough for the attachment check. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(52, 0),
]);

let t: TestApp;
const cookies = {} as Record<Role, string | undefined>;
let params: Record<string, string>;
/** Each member role's subscriber row as set up (null: none), put back after a write that may change it. */
const planRows = new Map<string, typeof subscribers.$inferSelect | null>();

/** An allowed trial start (or any subscription write) turns a column into another: undo it. */
async function restorePlanRows() {
  for (const [userId, row] of planRows) {
    await t.db.delete(subscribers).where(eq(subscribers.userId, userId));
    if (row) await t.db.insert(subscribers).values(row);
  }
}

/** Every table's content as one fingerprint: a refused request must leave it unchanged. */
async function fingerprint() {
  const tables = (await t.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('rate_limits') order by 1`,
  )) as unknown as { rows: { tablename: string }[] };
  const parts = tables.rows.map(
    ({ tablename }) =>
      sql`select ${tablename} as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(tablename)} x`,
  );
  const result = (await t.db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { t: string; h: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.t, row.h]));
}

const lastAuditId = async () =>
  Number(
    (
      (await t.db.execute(sql`select coalesce(max(id), 0) as id from audit_log`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]!.id,
  );
const auditedSince = async (id: number, action: string) =>
  (
    (await t.db.execute(sql`select 1 from audit_log where id > ${id} and action = ${action}`)) as unknown as {
      rows: unknown[];
    }
  ).rows.length > 0;

const DAY = 86_400_000;
/** Each caller's plan state now, as core computes it from the row the test left (null: a visitor). */
const entitlements = {} as Record<Role, Entitlements | null>;
/** The caller's own calendar feed now (the link may have been reset by a cell before); a visitor's names no member. */
async function feedOf(role: Role) {
  const cookie = cookies[role];
  if (!cookie) return '/api/calendar/QUJDREVGR0hJSktMTU5PUFFSU1RVVldY.ics';
  return new URL((await json(await t.request('/api/calendar/link', { cookie }))).url).pathname;
}

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: 'matrix-metrics-token-0123456789' } });
  const now = Date.now();
  const setRow = (member: { userId: string }, row: Partial<typeof subscribers.$inferInsert>) =>
    t.db.update(subscribers).set(row).where(eq(subscribers.userId, member.userId));
  const paid = async (tier: Tier, row: Partial<typeof subscribers.$inferInsert> = {}) => {
    const member = await createMember(t, undefined, { plan: 'none' });
    await givePaidTier(t, member, tier);
    await setRow(member, { subscriptionEnd: new Date(now + 20 * DAY), ...row });
    return member;
  };
  const noPlan = await createMember(t, undefined, { plan: 'none' });
  const trial = await createMember(t);
  const trialEnded = await createMember(t);
  await setRow(trialEnded, { trialEnd: new Date(now - DAY) });
  const lapsedPaid = await paid('The Daily Core', { subscribed: false });
  const pastDueInGrace = await paid('The Daily Core', { paymentFailedAt: new Date(now - DAY) });
  const pastDueAfterGrace = await paid('1-on-1 Burn', { paymentFailedAt: new Date(now - 8 * DAY) });
  const dailyCore = await paid('The Daily Core');
  const burn = await paid('1-on-1 Burn');
  const memberB = await paid('1-on-1 Burn');
  const members = {
    noPlan,
    trial,
    trialEnded,
    lapsedPaid,
    pastDueInGrace,
    pastDueAfterGrace,
    dailyCore,
    burn,
    memberB,
  };
  for (const member of Object.values(members)) {
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId));
    planRows.set(member.userId, row ?? null);
  }
  const owner = await signInAdmin(t);
  const ownerId = (await json(await t.request('/api/me', { cookie: owner }))).user.id;
  await t.db
    .insert(coachAssignments)
    .values({ userId: memberB.userId, coachId: ownerId })
    .onConflictDoUpdate({ target: coachAssignments.userId, set: { coachId: ownerId } });
  const staff = async (roles: StaffRole[]) => {
    const member = await createMember(t, undefined, { plan: 'none' });
    await t.db.insert(userRoles).values(roles.map((role) => ({ userId: member.userId, role })));
    return member.cookie;
  };
  Object.assign(cookies, {
    anonymous: undefined,
    ...Object.fromEntries(Object.entries(members).map(([role, m]) => [role, m.cookie])),
    coach: await staff(['coach']),
    coachAll: await staff(['coach', 'all_members']),
    editor: await staff(['editor']),
    owner,
  });
  for (const role of ROLES) {
    const cookie = cookies[role];
    const me = cookie ? await json(await t.request('/api/me', { cookie })) : null;
    entitlements[role] = me ? await coreEntitlements(me.user.id, me.user.emailVerified, me.isAdmin) : null;
    if (cookie) await t.request('/api/calendar/link', { method: 'POST', cookie });
  }
  // Each role is the column of the matrix it stands for.
  expect(Object.fromEntries(ROLES.map((role) => [role, entitlements[role]?.standing ?? null]))).toEqual({
    anonymous: null,
    noPlan: 'free',
    trial: 'trial',
    trialEnded: 'ended',
    lapsedPaid: 'ended',
    pastDueInGrace: 'daily-core',
    pastDueAfterGrace: 'ended',
    dailyCore: 'daily-core',
    burn: 'burn',
    memberB: 'burn',
    coach: 'admin',
    coachAll: 'admin',
    editor: 'admin',
    owner: 'admin',
  });
  const topic = await json(
    await t.request('/api/coaching/topics', { cookie: memberB.cookie, json: { title: "B's topic" } }),
  );
  const [article] = await t.db.select().from(blogArticles).where(eq(blogArticles.published, true)).limit(1);
  const [exercise] = await t.db.select().from(exercises).limit(1);
  params = {
    topicId: topic.topic.id,
    slug: article!.slug,
    id: '', // per route, below
  };
  params.articleId = article!.id;
  params.exerciseId = String(exercise!.id);
  params.userId = memberB.userId;
  const form = new FormData();
  form.set('file', new File([PNG], 'b.png', { type: 'image/png' }));
  const attached = await t.app.request(`/api/coaching/topics/${params.topicId}/attachments`, {
    method: 'POST',
    body: form,
    headers: { cookie: memberB.cookie },
  });
  params.messageId = (await json(attached)).message.id;
  const reply = await json(
    await t.request('/api/admin/coaching/saved-replies', {
      cookie: cookies.owner,
      json: { title: 'Matrix', body: 'Hello {firstName}' },
    }),
  );
  params.replyId = reply.reply.id;
  // A draft of the admin's own, so the admin's allowed writes (publish, retire) leave the library as it is.
  const program = await json(
    await t.request('/api/admin/programs', {
      cookie: cookies.owner,
      json: { name: 'Matrix draft', level: 'beginner', days: 7 },
    }),
  );
  params.programId = String(program.program.id);
});
afterAll(() => t.close());

const routeKeys = () => [
  ...new Set(
    t.app.routes
      .filter((r) => (r.path.startsWith('/api/') || r.path === '/metrics') && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`),
  ),
];

/** The body of a day's write, on `day`. */
const onDay = (body: unknown, day: number) =>
  body && typeof body === 'object' && 'day' in body ? { ...body, day } : body;

function pathFor(key: string, day = 1) {
  const [, path] = key.split(' ') as [string, string];
  return path
    .replace(':topicId', params.topicId!)
    .replace(':userId', params.userId!)
    .replace(':messageId', params.messageId!)
    .replace(':replyId', params.replyId!)
    .replace(':waitlistId', '00000000-0000-4000-8000-000000000000')
    .replace(':slug', params.slug!)
    .replace(':day', String(day))
    .replace(':number', '1')
    .replace(
      ':id',
      key.includes('/blog/')
        ? params.articleId!
        : key.includes('/admin/programs/')
          ? params.programId!
          : params.exerciseId!,
    )
    .replace('/api/files/*', '/api/files/avatars/someone.webp')
    .replace('/api/calendar/*', '/api/calendar/QUJDREVGR0hJSktMTU5PUFFSU1RVVldY.ics')
    .replace('/unsubscribe', `/unsubscribe?token=${'eyJ1c2VyIjoiYSJ9'}.${'A'.repeat(43)}`)
    .replace('/api/auth/*', '/api/auth/get-session');
}

const isRefusal = (status: number) => status === 401 || status === 403;

/** What core's rule says of a member's stored row (the server is what the table checks). */
async function coreEntitlements(userId: string, emailConfirmed: boolean, isAdmin: boolean) {
  const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, userId));
  const now = new Date();
  const state = row
    ? determineSubscription(row, { emailConfirmed, now, graceDays: t.config.paymentGraceDays })
    : null;
  return entitlementsOf(state, { isAdmin, now });
}

describe('the access matrix', () => {
  it('has a row for every API route the server registers', () => {
    const missing = routeKeys().filter((key) => !(key in POLICY));
    expect(missing).toEqual([]);
    const stale = Object.keys(POLICY).filter((key) => !routeKeys().includes(key));
    expect(stale).toEqual([]);
  });

  it('answers every cell as the table says, and a refusal writes nothing', async () => {
    const failures: string[] = [];
    // The owner last: its allowed writes (an archive, an edit) must not change what others see first.
    for (const role of ROLES) {
      for (const key of routeKeys()) {
        const access = POLICY[key]!;
        for (const day of (typeof access === 'string' && DAYS_TRIED[access]) || [1]) {
          const want = expected(access, { role, entitlements: entitlements[role], day });
          if (want === 'skip') continue;
          const method = key.split(' ')[0]!;
          const before = typeof want === 'number' ? await fingerprint() : null;
          const isStaffWrite = key.includes(' /api/admin/') && method !== 'GET' && want === 'allowed';
          const auditedBefore = isStaffWrite ? await lastAuditId() : 0;
          const path = access === 'feed' ? await feedOf(role) : pathFor(key, day);
          const res = await t.request(path, {
            method,
            cookie: cookies[role],
            json: method === 'GET' ? undefined : onDay(BODIES[key] ?? {}, day),
            headers: { origin: TEST_ORIGIN, 'idempotency-key': randomUUID() },
          });
          const cell = `${role} ${key} (day ${day}) → ${res.status}`;
          if (res.status >= 500) failures.push(`${cell} (server error)`);
          else if (want === 'allowed' && isRefusal(res.status)) failures.push(`${cell}, expected access`);
          else if (typeof want === 'number' && res.status !== want)
            failures.push(`${cell}, expected ${want}`);
          // Every staff write that succeeded leaves its audit row, named by its route.
          if (isStaffWrite && res.status < 400 && !(await auditedSince(auditedBefore, key)))
            failures.push(`${cell} left no audit row`);
          if (before) {
            const body = (await res.json().catch(() => null)) as {
              error?: { code?: string; requiredPlan?: string; trialAvailable?: boolean };
            } | null;
            if (!body?.error?.code) failures.push(`${cell}: refusal without { error: { code, message } }`);
            // A plan's refusal says so, and what would unlock it.
            const isPlanCell =
              ['train', 'library', 'burn', 'feed'].includes(access as string) && want === 403;
            if (isPlanCell && (body?.error?.code !== 'PLAN_REQUIRED' || !body.error.requiredPlan))
              failures.push(`${cell}: ${JSON.stringify(body)} is not PLAN_REQUIRED with the plan to choose`);
            const after = await fingerprint();
            const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
            if (changed.length) failures.push(`${cell} wrote to ${changed.join(', ')}`);
          }
          if (key.includes('/api/subscription') && method !== 'GET') await restorePlanRows();
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000); // ~1,100 cells, each refusal with a fingerprint of every table

  it('refuses every state-changing request from a foreign origin, even with a valid session, writing nothing', async () => {
    const failures: string[] = [];
    for (const key of routeKeys().filter((k) => !k.startsWith('GET '))) {
      const method = key.split(' ')[0]!;
      for (const headers of [
        { origin: 'https://evil.example' },
        { 'sec-fetch-site': 'cross-site' },
      ] as Record<string, string>[]) {
        const before = await fingerprint();
        const res = await t.request(pathFor(key).replace('/api/auth/get-session', '/api/auth/sign-out'), {
          method,
          cookie: cookies.owner,
          json: BODIES[key] ?? {},
          headers,
        });
        // RFC 8058 one-click unsubscribe is exempt (its token is the authority): 400 for a bad token.
        const want = POLICY[key] === undefined || typeof POLICY[key] === 'string' ? 403 : 400;
        if (res.status !== want) failures.push(`${key} ${JSON.stringify(headers)} → ${res.status}`);
        const after = await fingerprint();
        if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${key} wrote something`);
      }
    }
    expect(failures).toEqual([]);
  });
});
