import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Tier } from '@core28/core/subscriptions';
import { desc, eq } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createDeps } from '../deps.ts';
import { ensureCoach } from '../features/seats/service.ts';
import { recordPlanState } from '../features/subscriptions/ledger.ts';
import { registerJobs } from '../jobs.ts';
import { type DatabaseHandle, openPostgres } from '../platform/db/index.ts';
import { openPglite } from '../platform/db/pglite.ts';
import { openReadReplica, type ReadReplica } from '../platform/db/read-replica.ts';
import { mailOutbox, subscribers } from '../platform/db/schema.ts';
import { startJobQueue } from '../platform/jobs/queue.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { createMetrics } from '../platform/metrics/metrics.ts';
import type { PushSender } from '../platform/push/push.ts';
import { seed } from '../seed/seed.ts';
import { startServer } from '../server.ts';
import { registerServerGauges } from '../site/metrics.ts';
import { databaseUrls } from './database-urls.ts';
import { migratedSnapshot } from './pglite-snapshot.ts';

export const TEST_ORIGIN = 'http://localhost:3999';

/**
 * A database for one test file: in-memory PGlite, or a fresh database on a real PostgreSQL
 * server when TEST_DATABASE_URL is set (CI runs the server tests both ways).
 */
export async function openTestDatabase(): Promise<
  DatabaseHandle & {
    url?: string;
    /** PostgreSQL itself when `url` is CI's pooler: for what holds a session (tools, backups). */
    directUrl?: string;
  }
> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openPglite({ from: migratedSnapshot() });
  const name = `core28_test_${randomUUID().replaceAll('-', '')}`;
  const { url, directUrl, adminUrl } = databaseUrls(serverUrl, name);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const handle = await openPostgres(url, { max: 5, ...(directUrl && { directUrl }) });
  return {
    ...handle,
    url,
    directUrl,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export type TestAppOptions = {
  env?: Record<string, string>;
  mailer?: Mailer;
  /** Web Push reaching a local push service double (testing/push-service.ts). */
  push?: PushSender;
  now?: () => Date;
  seed?: boolean;
  /** Where reports read, made on the test's database (else TEST_DATABASE_READ_URL's replica, or the primary). */
  reports?: (database: DatabaseHandle) => ReadReplica;
  /** A database opened by the test (e.g. an embedded PostgreSQL) instead of a fresh one. */
  database?: DatabaseHandle & { url?: string; directUrl?: string };
  /**
   * Poll and run jobs in the background and fire schedules, as a server does. Off by default:
   * jobs then run only when a test calls `drainJobs()` (lastMail and createMember do), so what
   * ran is never a matter of timing.
   */
  jobWorkers?: boolean;
};

export async function createTestApp(options: TestAppOptions = {}) {
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_RATE_LIMIT: 'false',
    // Staff act without a second factor here (production refuses that, so not there);
    // staff-two-factor.test.ts runs with it required.
    ...(options.env?.NODE_ENV === 'production' ? {} : { STAFF_TWO_FACTOR: 'optional' }),
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'core28-test-')),
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase());
  const log = pino({ level: 'silent' });
  const reports = options.reports?.(database) ?? (await openTestReplica(database, log));
  const metrics = createMetrics();
  const jobs = await startJobQueue({
    executeSql: database.executeSql,
    db: database.db,
    log,
    isWorking: options.jobWorkers ?? false,
    onOutcome: metrics.jobOutcome,
  });
  const deps = createDeps({
    config,
    log,
    db: database.db,
    ...(reports && { reports }),
    jobs,
    metrics,
    mailer: options.mailer,
    push: options.push,
    now: options.now,
  });
  await registerJobs(deps);
  registerServerGauges(deps, database.poolStats);
  if (options.seed !== false) await seed(deps);
  const app = createApp(deps);

  /**
   * app.request with JSON body and a cookie, as the browser would send them; `from` is the
   * socket's peer address (without it, as without a socket: loopback).
   */
  const request = (
    path: string,
    init: {
      method?: string;
      json?: unknown;
      cookie?: string;
      headers?: Record<string, string>;
      from?: string;
    } = {},
  ) =>
    app.request(
      path,
      {
        method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
        headers: {
          ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...init.headers,
        },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      },
      init.from ? { incoming: { socket: { remoteAddress: init.from, remotePort: 50_000 } } } : undefined,
    );

  /**
   * The typed client over the app (hono/testing): bodies come back typed, and a renamed route or
   * a changed answer fails to compile. With a cookie, as that member.
   */
  const client = (cookie?: string) =>
    testClient(app, undefined, undefined, { headers: cookie ? { cookie } : {} }).api;

  /** Runs every due job now (mail included) and waits for any a background worker is running. */
  const drainJobs = () => jobs.drain();

  /** The newest e-mail to `to`, after the queue has run what was due. */
  const lastMail = async (to: string) => {
    await drainJobs();
    const [mail] = await database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to.toLowerCase()))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return mail;
  };

  /** The real HTTP + WebSocket server on a free port, for tests that need sockets. */
  const listen = (opts: { heartbeatMs?: number } = {}) =>
    startServer(deps, database.listen, { port: 0, hostname: '127.0.0.1', ...opts });

  return {
    app,
    deps,
    db: database.db,
    config,
    request,
    client,
    lastMail,
    drainJobs,
    jobs,
    listen,
    database,
    close: async () => {
      await jobs.stop(1_000);
      await reports?.close();
      await database.close();
    },
  };
}

/**
 * With TEST_DATABASE_READ_URL (CI's streaming replica of the test server, applying each commit
 * before it returns), reports read the test database on the replica, as DATABASE_READ_URL does.
 */
async function openTestReplica(database: DatabaseHandle & { url?: string }, log: pino.Logger) {
  const replicaUrl = process.env.TEST_DATABASE_READ_URL;
  if (!replicaUrl || !database.url) return undefined;
  const url = new URL(replicaUrl);
  url.pathname = new URL(database.url).pathname;
  const reports = openReadReplica({ url: url.toString(), primary: database, log, checkEveryMs: 500 });
  await reports.check();
  return reports;
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * For a file whose tests all go over HTTP: a test app with its real server listening, made before
 * the file's tests and closed after them (read `served.t` and `served.server` inside the tests).
 */
export function listeningTestApp() {
  const served = {} as { t: TestApp; server: Awaited<ReturnType<TestApp['listen']>> };
  beforeAll(async () => {
    served.t = await createTestApp();
    served.server = await served.t.listen();
  });
  afterAll(async () => {
    await served.server?.close();
    await served.t?.close();
  });
  return served;
}

/** The cookie header a browser would send back after these responses. */
export function cookieFrom(...responses: Response[]): string {
  const jar = new Map<string, string>();
  for (const res of responses) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export const STRONG_PASSWORD = 'Core#2026strong';

/** Signs up, follows the confirmation e-mail's link, and returns the signed-in cookie. */
/**
 * A confirmed member, signed in. By default on the free trial, as after the auth page's sign-up
 * (the web starts it on confirmation), so they may train; `{ plan: 'none' }` for an account that
 * never had a plan (a paid sign-up that stopped at the payment step).
 */
export async function createMember(
  t: TestApp,
  email = `member-${randomUUID().slice(0, 8)}@example.com`,
  { plan = 'trial' }: { plan?: 'trial' | 'none' } = {},
) {
  const signUp = await t.request('/api/auth/sign-up/email', {
    json: { email, password: STRONG_PASSWORD, name: '' },
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const mail = await t.lastMail(email);
  const url = new URL(mail!.meta.url!);
  const verify = await t.request(url.pathname + url.search);
  const cookie = cookieFrom(verify);
  const me = (await (await t.request('/api/me', { cookie })).json()) as { user: { id: string } };
  if (plan === 'trial') {
    const trial = await t.request('/api/subscription/trial', { method: 'POST', cookie });
    if (trial.status !== 200) throw new Error(`trial failed: ${trial.status} ${await trial.text()}`);
  }
  return { email, password: STRONG_PASSWORD, cookie, userId: me.user.id };
}

/** A response body as the tests read it. */
export const json = (res: Response): Promise<any> => res.json() as Promise<any>;

/** The seeded admin's signed-in cookie. */
export async function signInAdmin(t: TestApp) {
  const res = await t.request('/api/auth/sign-in/email', {
    json: { email: t.config.admin.email, password: t.config.admin.password },
  });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status}`);
  return cookieFrom(res);
}

/**
 * Gives a member an active paid tier, as the payment provider's webhook would: 1-on-1 Burn with
 * a coach (the one with the most free seats, unless they have one).
 */
export async function givePaidTier(t: TestApp, member: { userId: string; email: string }, tier: Tier) {
  const row = { subscribed: true, subscriptionTier: tier, isTrial: false, trialEnd: null };
  await t.db.transaction(async (tx) => {
    const [previous] = await tx.select().from(subscribers).where(eq(subscribers.userId, member.userId));
    const [written] = await tx
      .insert(subscribers)
      .values({ userId: member.userId, email: member.email, ...row })
      .onConflictDoUpdate({ target: subscribers.userId, set: row })
      .returning();
    // In the plan ledger too, as every write of a plan is (a member on their tier's monthly plan).
    await recordPlanState(tx, {
      userId: member.userId,
      previous: previous ?? null,
      row: written ?? null,
      at: t.deps.now(),
      graceDays: t.config.paymentGraceDays,
    });
    if (tier === '1-on-1 Burn')
      await ensureCoach(tx, { userId: member.userId, email: member.email, now: t.deps.now() });
  });
}
