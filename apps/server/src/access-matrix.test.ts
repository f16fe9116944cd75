import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogArticles, exercises, subscribers } from './platform/db/schema.ts';
import { BODIES, expected, POLICY, ROLES, type Role } from './testing/access-matrix.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  TEST_ORIGIN,
  type TestApp,
} from './testing/harness.ts';

// issue 9: every API route the server registers (and /metrics, issue 18) × every kind of caller.
// The table (testing/access-matrix.ts) says who may do what; a route missing from it fails the
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

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: 'matrix-metrics-token-0123456789' } });
  const memberA = await createMember(t); // a running Feel and Burn trial
  const memberB = await createMember(t);
  await givePaidTier(t, memberB, '1-on-1 Burn');
  const trialEnded = await createMember(t);
  await t.db
    .update(subscribers)
    .set({ trialEnd: new Date(Date.now() - 86_400_000) })
    .where(eq(subscribers.userId, trialEnded.userId));
  const dailyCore = await createMember(t);
  await givePaidTier(t, dailyCore, 'The Daily Core');
  const burn = await createMember(t);
  await givePaidTier(t, burn, '1-on-1 Burn');
  Object.assign(cookies, {
    anonymous: undefined,
    memberA: memberA.cookie,
    memberB: memberB.cookie,
    trialEnded: trialEnded.cookie,
    dailyCore: dailyCore.cookie,
    burn: burn.cookie,
    admin: await signInAdmin(t),
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
      cookie: cookies.admin,
      json: { title: 'Matrix', body: 'Hello {firstName}' },
    }),
  );
  params.replyId = reply.reply.id;
});
afterAll(() => t.close());

const routeKeys = () => [
  ...new Set(
    t.app.routes
      .filter((r) => (r.path.startsWith('/api/') || r.path === '/metrics') && r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path}`),
  ),
];

function pathFor(key: string) {
  const [, path] = key.split(' ') as [string, string];
  return path
    .replace(':topicId', params.topicId!)
    .replace(':userId', params.userId!)
    .replace(':messageId', params.messageId!)
    .replace(':replyId', params.replyId!)
    .replace(':slug', params.slug!)
    .replace(':day', '1')
    .replace(':id', key.includes('/blog/') ? params.articleId! : params.exerciseId!)
    .replace('/api/files/*', '/api/files/avatars/someone.webp')
    .replace('/api/calendar/*', '/api/calendar/QUJDREVGR0hJSktMTU5PUFFSU1RVVldY.ics')
    .replace('/unsubscribe', `/unsubscribe?token=${'eyJ1c2VyIjoiYSJ9'}.${'A'.repeat(43)}`)
    .replace('/api/auth/*', '/api/auth/get-session');
}

const isRefusal = (status: number) => status === 401 || status === 403;

describe('the access matrix', () => {
  it('has a row for every API route the server registers', () => {
    const missing = routeKeys().filter((key) => !(key in POLICY));
    expect(missing).toEqual([]);
    const stale = Object.keys(POLICY).filter((key) => !routeKeys().includes(key));
    expect(stale).toEqual([]);
  });

  it('answers every cell as the table says, and a refusal writes nothing', async () => {
    const failures: string[] = [];
    // Admin last: its allowed writes (an archive, an edit) must not change what others see first.
    for (const role of ROLES) {
      for (const key of routeKeys()) {
        const want = expected(POLICY[key]!, role);
        if (want === 'skip') continue;
        const method = key.split(' ')[0]!;
        const before = typeof want === 'number' ? await fingerprint() : null;
        const res = await t.request(pathFor(key), {
          method,
          cookie: cookies[role],
          json: method === 'GET' ? undefined : (BODIES[key] ?? {}),
          headers: { origin: TEST_ORIGIN, 'idempotency-key': randomUUID() },
        });
        const cell = `${role} ${key} → ${res.status}`;
        if (res.status >= 500) failures.push(`${cell} (server error)`);
        else if (want === 'allowed' && isRefusal(res.status)) failures.push(`${cell}, expected access`);
        else if (typeof want === 'number' && res.status !== want) failures.push(`${cell}, expected ${want}`);
        if (before) {
          const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
          if (!body?.error?.code) failures.push(`${cell}: refusal without { error: { code, message } }`);
          const after = await fingerprint();
          const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
          if (changed.length) failures.push(`${cell} wrote to ${changed.join(', ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000); // ~650 cells, each with a fingerprint of every table: 9 s alone, past 30 s on a loaded machine

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
          cookie: cookies.admin,
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
