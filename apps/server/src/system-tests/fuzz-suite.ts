import { randomUUID } from 'node:crypto';
import { MemberListQuerySchema } from '@core28/core/admin';
import { PasswordRecoverySchema } from '@core28/core/auth';
import { ArticleInputSchema, ArticleListQuerySchema } from '@core28/core/blog';
import {
  ArchiveInputSchema,
  MessageInputSchema,
  SavedReplyInputSchema,
  TopicInputSchema,
  TopicListQuerySchema,
} from '@core28/core/coaching';
import { ContactSchema } from '@core28/core/contact';
import { ExerciseInputSchema } from '@core28/core/exercises';
import {
  NotificationSettingsSchema,
  TimeZoneBodySchema,
  UnsubscribeQuerySchema,
} from '@core28/core/notifications';
import {
  ChangePlanSchema,
  ChangePreviewSchema,
  CheckoutSchema,
  ConfirmSchema,
} from '@core28/core/plan-schemas';
import { DeleteAccountSchema, ProfileCompletionSchema, ProfileUpdateSchema } from '@core28/core/profile';
import {
  CompleteDaySchema,
  DayResultSchema,
  FinishSessionSchema,
  SwapProgramDaysSchema,
  WellnessSchema,
} from '@core28/core/program-schemas';
import { PushEndpointSchema, PushSubscriptionSchema } from '@core28/core/push';
import { MemberDayInputSchema, ProgramDayInputSchema } from '@core28/core/session-plan';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
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

// Every JSON endpoint gets FUZZ_RUNS generated bodies or query strings (half as a
// 1-on-1 Burn member, half as the admin). No 5xx, every 4xx in the one error shape, and a
// refused request writes nothing. Seeded: FUZZ_SEED=<seed> replays a failure. The endpoints are
// split into areas, one test file each, so the files run side by side on the test workers.
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

/** Anything at all, for endpoints whose schema lives in a library (better-auth). */
const AnyJson = z.any();
const SignInBody = z.object({ email: z.string(), password: z.string(), rememberMe: z.boolean() });
const SignUpBody = z.object({ email: z.string().pipe(z.email()), password: z.string(), name: z.string() });
const PathParam = z.object({ value: z.string() });

export type FuzzArea = 'accounts' | 'content' | 'coaching';

type Target = {
  area: FuzzArea;
  route: string;
  /** The JSON body's schema, or the query string's (for GET). */
  schema: ZodType;
  /** Fills route parameters; `fuzzed` is a generated value for a parameter under test. */
  path?: (ids: Ids, fuzzed: string) => string;
  /** Headers the route needs besides the cookie (a fresh Idempotency-Key). */
  headers?: () => Record<string, string>;
};
type Ids = { topicId: string; articleId: string; exerciseId: string; userId: string; replyId: string };

export const TARGETS: Target[] = [
  { area: 'accounts', route: 'POST /api/auth/sign-in/email', schema: SignInBody },
  { area: 'accounts', route: 'POST /api/auth/sign-up/email', schema: SignUpBody },
  { area: 'accounts', route: 'POST /api/auth/request-password-reset', schema: AnyJson },
  { area: 'accounts', route: 'POST /api/auth/recover-password', schema: PasswordRecoverySchema },
  { area: 'accounts', route: 'PATCH /api/profile', schema: ProfileUpdateSchema },
  { area: 'accounts', route: 'POST /api/profile/complete', schema: ProfileCompletionSchema },
  { area: 'accounts', route: 'POST /api/profile/delete', schema: DeleteAccountSchema },
  { area: 'content', route: 'POST /api/program/complete', schema: CompleteDaySchema },
  { area: 'content', route: 'PUT /api/program/results', schema: DayResultSchema },
  { area: 'content', route: 'PUT /api/program/wellness', schema: WellnessSchema },
  { area: 'content', route: 'POST /api/push/subscriptions', schema: PushSubscriptionSchema },
  { area: 'content', route: 'POST /api/push/subscriptions/remove', schema: PushEndpointSchema },
  {
    area: 'content',
    route: 'POST /api/push/devices/:id/remove',
    schema: PathParam,
    path: (_, v) => `/api/push/devices/${v}/remove`,
  },
  {
    area: 'content',
    route: 'GET /api/program/days/:day/session',
    schema: PathParam,
    path: (_, v) => `/api/program/days/${v}/session`,
  },
  {
    area: 'content',
    route: 'POST /api/program/days/:day/finish',
    schema: FinishSessionSchema,
    path: () => '/api/program/days/1/finish',
    headers: () => ({ 'idempotency-key': randomUUID() }),
  },
  {
    area: 'content',
    route: 'PUT /api/admin/program-days/:day',
    schema: ProgramDayInputSchema,
    path: () => '/api/admin/program-days/5',
  },
  { area: 'content', route: 'POST /api/admin/program-days/swap', schema: SwapProgramDaysSchema },
  { area: 'content', route: 'GET /api/blog/articles', schema: ArticleListQuerySchema },
  {
    area: 'content',
    route: 'GET /api/blog/articles/:slug',
    schema: PathParam,
    path: (_, v) => `/api/blog/articles/${v}`,
  },
  { area: 'accounts', route: 'POST /api/contact', schema: ContactSchema },
  { area: 'content', route: 'POST /api/admin/blog/articles', schema: ArticleInputSchema },
  {
    area: 'content',
    route: 'PUT /api/admin/blog/articles/:id',
    schema: ArticleInputSchema,
    path: (ids) => `/api/admin/blog/articles/${ids.articleId}`,
  },
  {
    area: 'content',
    route: 'DELETE /api/admin/blog/articles/:id',
    schema: PathParam,
    path: (_, v) => `/api/admin/blog/articles/${v}`,
  },
  { area: 'content', route: 'POST /api/admin/exercises', schema: ExerciseInputSchema },
  {
    area: 'content',
    route: 'PUT /api/admin/exercises/:id',
    schema: ExerciseInputSchema,
    path: (ids) => `/api/admin/exercises/${ids.exerciseId}`,
  },
  // The exercise id of the video routes (the uploaded bytes are fuzzed in exercises/media.test.ts)
  {
    area: 'content',
    route: 'POST /api/admin/exercises/:id/video',
    schema: PathParam,
    path: (_, v) => `/api/admin/exercises/${v}/video`,
  },
  {
    area: 'content',
    route: 'DELETE /api/admin/exercises/:id/video',
    schema: PathParam,
    path: (_, v) => `/api/admin/exercises/${v}/video`,
  },
  { area: 'content', route: 'GET /api/admin/users', schema: MemberListQuerySchema },
  { area: 'coaching', route: 'POST /api/coaching/topics', schema: TopicInputSchema },
  {
    area: 'coaching',
    route: 'GET /api/coaching/topics/:topicId',
    schema: PathParam,
    path: (_, v) => `/api/coaching/topics/${v}`,
  },
  {
    area: 'coaching',
    route: 'POST /api/coaching/topics/:topicId/messages',
    schema: MessageInputSchema,
    path: (ids) => `/api/coaching/topics/${ids.topicId}/messages`,
  },
  {
    area: 'coaching',
    route: 'POST /api/coaching/topics/:topicId/read',
    schema: PathParam,
    path: (_, v) => `/api/coaching/topics/${v}/read`,
  },
  { area: 'coaching', route: 'GET /api/admin/coaching/topics', schema: TopicListQuerySchema },
  {
    area: 'coaching',
    route: 'POST /api/admin/coaching/topics/:topicId/replies',
    schema: MessageInputSchema,
    path: (ids) => `/api/admin/coaching/topics/${ids.topicId}/replies`,
  },
  {
    area: 'coaching',
    route: 'POST /api/admin/coaching/topics/:topicId/read',
    schema: PathParam,
    path: (_, v) => `/api/admin/coaching/topics/${v}/read`,
  },
  {
    area: 'coaching',
    route: 'PATCH /api/admin/coaching/topics/:topicId',
    schema: ArchiveInputSchema,
    path: (ids) => `/api/admin/coaching/topics/${ids.topicId}`,
  },
  // The coach's workspace
  {
    area: 'content',
    route: 'GET /api/admin/users/:userId',
    schema: PathParam,
    path: (_, v) => `/api/admin/users/${v}`,
  },
  {
    area: 'content',
    route: 'GET /api/admin/users/:userId/summary',
    schema: PathParam,
    path: (_, v) => `/api/admin/users/${v}/summary`,
  },
  {
    area: 'content',
    route: 'GET /api/admin/member-plans/:userId',
    schema: PathParam,
    path: (_, v) => `/api/admin/member-plans/${v}`,
  },
  {
    area: 'content',
    route: 'PUT /api/admin/member-plans/:userId/days/:day',
    schema: MemberDayInputSchema,
    path: (ids) => `/api/admin/member-plans/${ids.userId}/days/5`,
  },
  {
    area: 'content',
    route: 'DELETE /api/admin/member-plans/:userId/days/:day',
    schema: PathParam,
    path: (ids, v) => `/api/admin/member-plans/${ids.userId}/days/${v}`,
  },
  {
    area: 'coaching',
    route: 'GET /api/coaching/attachments/:messageId',
    schema: PathParam,
    path: (_, v) => `/api/coaching/attachments/${v}`,
  },
  { area: 'coaching', route: 'POST /api/admin/coaching/saved-replies', schema: SavedReplyInputSchema },
  {
    area: 'coaching',
    route: 'PUT /api/admin/coaching/saved-replies/:replyId',
    schema: SavedReplyInputSchema,
    path: (ids) => `/api/admin/coaching/saved-replies/${ids.replyId}`,
  },
  {
    area: 'coaching',
    route: 'DELETE /api/admin/coaching/saved-replies/:replyId',
    schema: PathParam,
    path: (_, v) => `/api/admin/coaching/saved-replies/${v}`,
  },
  { area: 'accounts', route: 'POST /api/subscription/trial', schema: AnyJson },
  { area: 'accounts', route: 'POST /api/subscription/checkout', schema: CheckoutSchema },
  { area: 'accounts', route: 'POST /api/subscription/confirm', schema: ConfirmSchema },
  { area: 'accounts', route: 'POST /api/subscription/portal', schema: AnyJson },
  { area: 'accounts', route: 'POST /api/subscription/change/preview', schema: ChangePreviewSchema },
  { area: 'accounts', route: 'POST /api/subscription/change', schema: ChangePlanSchema },
  { area: 'accounts', route: 'POST /api/subscription/resume', schema: AnyJson },
  { area: 'accounts', route: 'POST /api/subscription/portal/cancel', schema: AnyJson },
  { area: 'accounts', route: 'PUT /api/notifications', schema: NotificationSettingsSchema },
  { area: 'accounts', route: 'POST /api/notifications/time-zone', schema: TimeZoneBodySchema },
  { area: 'accounts', route: 'GET /api/notifications/unsubscribe', schema: UnsubscribeQuerySchema },
  { area: 'accounts', route: 'POST /api/notifications/unsubscribe', schema: AnyJson },
  { area: 'accounts', route: 'POST /api/calendar/link', schema: AnyJson },
];

/** Routes that take no JSON: a multipart upload, the provider's raw signed body, better-auth's catch-all. */
const NOT_JSON = [
  'POST /api/profile/avatar',
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
    ids = {
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
