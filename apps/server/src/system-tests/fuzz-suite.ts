import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbitraryFor, HOSTILE_STRINGS, queryArbitraryFor } from '../testing/fuzz.ts';
import {
  createMember,
  createTestApp,
  givePaidTier,
  json,
  signInAdmin,
  TEST_ORIGIN,
  type TestApp,
} from '../testing/harness.ts';
import { type FuzzArea, type Ids, PathParam, TARGETS } from './fuzz-targets.ts';

// Every JSON endpoint gets FUZZ_RUNS generated bodies or query strings (half as a
// 1-on-1 Burn member, half as the admin). No 5xx, every 4xx in the one error shape, and a
// refused request writes nothing. Seeded: FUZZ_SEED=<seed> replays a failure. The endpoints are
// split into areas, one test file each, so the files run side by side on the test workers.
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

/** Routes that take no JSON: a multipart upload, the provider's raw signed body, better-auth's catch-all. */
const NOT_JSON = [
  'POST /api/profile/avatar',
  'POST /api/admin/coach-profile/photo',
  'POST /api/webhooks/stripe',
  'POST /api/auth/*',
  // Multipart uploads, fuzzed by their bytes in coaching/attachments.test.ts
  'POST /api/coaching/topics/:topicId/attachments',
  'POST /api/admin/coaching/topics/:topicId/attachments',
];

/** As a browser sends it: lone surrogates become U+FFFD before percent-encoding. */
const encode = (value: string) => encodeURIComponent(value.replace(/\p{Cs}/gu, '\uFFFD'));
/** Raw path segments a browser would not send but a client can: bad and overlong escapes. */
const RAW_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%ED%A0%80', '%00', '%C0%AF', '..%2F..%2F', '%25%32%65'];

/**
 * The fuzzing suite for one area's endpoints, on a database of its own. The file with
 * `checkCoverage` also checks that every JSON endpoint the server registers has a target.
 */
export function fuzzArea(area: FuzzArea, options: { checkCoverage?: boolean } = {}) {
  let t: TestApp;
  let cookies: { member: string; admin: string };
  let ids: Ids;

  /** The next transaction id: it moves only when something writes. */
  const nextXid = async () =>
    (
      (await t.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`)) as unknown as {
        rows: { x: string }[];
      }
    ).rows[0]!.x;

  /**
   * Every table's row count and newest row version (xmin): an insert or update raises the newest
   * version, a delete lowers the count. Cheap enough to take after every write.
   */
  async function fingerprint() {
    const tables = (await t.db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'rate_limits' order by 1`,
    )) as unknown as { rows: { tablename: string }[] };
    const parts = tables.rows.map(
      ({ tablename }) =>
        sql`select ${tablename} || ':' || count(*) || ':' || coalesce(max(x.xmin::text::bigint), 0) as f from ${sql.identifier(tablename)} x`,
    );
    const result = (await t.db.execute(sql.join(parts, sql` union all `))) as unknown as {
      rows: { f: string }[];
    };
    return result.rows.map((row) => row.f).join(',');
  }

  beforeAll(async () => {
    t = await createTestApp();
    const member = await createMember(t);
    await givePaidTier(t, member, '1-on-1 Burn');
    cookies = { member: member.cookie, admin: await signInAdmin(t) };
    const topic = await json(
      await t.request('/api/coaching/topics', { cookie: member.cookie, json: { title: 'Fuzz' } }),
    );
    const articles = await json(await t.request('/api/admin/blog/articles', { cookie: cookies.admin }));
    const exercises = await json(await t.request('/api/admin/exercises', { cookie: cookies.admin }));
    const program = await json(
      await t.request('/api/admin/programs', {
        cookie: cookies.admin,
        json: { name: 'Fuzz draft', level: 'beginner', days: 7 },
      }),
    );
    ids = {
      programId: String(program.program.id),
      topicId: topic.topic.id,
      articleId: articles.articles?.[0]?.id ?? articles[0]?.id,
      exerciseId: String(exercises[0].id),
      userId: member.userId,
      replyId: (
        await json(
          await t.request('/api/admin/coaching/saved-replies', {
            cookie: cookies.admin,
            json: { title: 'Fuzz', body: 'Hi {firstName}' },
          }),
        )
      ).reply.id,
    };
  });
  afterAll(() => t.close());

  describe(`fuzzing: ${area}`, () => {
    if (options.checkCoverage)
      it('covers every JSON endpoint the server registers', () => {
        const registered = new Set(
          t.app.routes
            .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
            .map((r) => `${r.method} ${r.path}`),
        );
        const bodiless = [...registered].filter(
          (key) => key.startsWith('GET ') && !TARGETS.some((x) => x.route === key),
        );
        const uncovered = [...registered].filter(
          (key) =>
            !key.startsWith('GET ') && !NOT_JSON.includes(key) && !TARGETS.some((x) => x.route === key),
        );
        expect(uncovered).toEqual([]);
        expect(bodiless.length).toBeGreaterThan(0); // plain GETs without a query schema are covered by the access matrix
        for (const target of TARGETS) {
          if (
            target.route.startsWith('POST /api/auth/') &&
            target.route !== 'POST /api/auth/recover-password'
          )
            continue;
          expect(registered.has(target.route), target.route).toBe(true);
        }
      });

    it.each(
      TARGETS.filter((target) => target.area === area).map((target) => [target.route, target] as const),
    )(
      `%s: ${RUNS} generated requests, no 5xx, one error shape, refusals write nothing (seed ${SEED})`,
      async (route, target) => {
        const [method, pattern] = route.split(' ') as [string, string];
        const input =
          method === 'GET' && target.schema !== PathParam
            ? queryArbitraryFor(target.schema)
            : arbitraryFor(target.schema);
        const param = fc.oneof(
          fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 500)).map(encode),
          fc.string().map(encode),
          fc.uuid(),
          fc.constantFrom(...RAW_SEGMENTS),
        );
        let baseline = await fingerprint();
        let xid = await nextXid();
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom('member', 'admin' as const),
            input,
            param,
            async (role, value, fuzzed) => {
              const usesParam = target.schema === PathParam;
              const path = target.path ? target.path(ids, usesParam ? fuzzed : '') : pattern;
              const isQuery = method === 'GET' && !usesParam;
              const res = await t.app.request(isQuery ? `${path}?${value as string}` : path, {
                method,
                headers: {
                  cookie: cookies[role as 'member' | 'admin'],
                  origin: TEST_ORIGIN,
                  'content-type': 'application/json',
                  ...target.headers?.(),
                },
                body:
                  method === 'GET' || method === 'DELETE'
                    ? undefined
                    : JSON.stringify(value === undefined ? {} : value),
              });
              const text = await res.text();
              const where = `${role} ${method} ${path} ${JSON.stringify(value)?.slice(0, 200)} → ${res.status} ${text.slice(0, 200)}`;
              expect(res.status, where).toBeLessThan(500);
              if (res.status >= 400) {
                const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
                expect(typeof body.error?.code, where).toBe('string');
                expect(typeof body.error?.message, where).toBe('string');
              }
              const now = await nextXid();
              if (now !== xid) {
                const after = await fingerprint();
                if (res.status >= 400)
                  expect(after === baseline, `${where} wrote although refused`).toBe(true);
                baseline = after;
                xid = await nextXid();
              }
            },
          ),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      },
      600_000,
    );
  });
}
