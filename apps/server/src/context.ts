import type { Staff } from '@core28/core/staff';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Auth, SessionUser } from './platform/auth/auth.ts';
import type { Database } from './platform/db/index.ts';
import type { ReadReplica } from './platform/db/read-replica.ts';
import type { DevClock } from './platform/dev-clock.ts';
import type { JobQueue } from './platform/jobs/queue.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import type { Metrics } from './platform/metrics/metrics.ts';
import type { DemoProvider } from './platform/payments/demo.ts';
import type { StripeProvider } from './platform/payments/stripe.ts';
import type { PushSender } from './platform/push/push.ts';
import type { AppStorage } from './platform/storage/storage.ts';

/** What every request can reach: built once at start-up (or per test), never global. */
export type Deps = {
  config: Config;
  db: Database;
  /**
   * Where reports read (the admin's analytics, the business figures): a streaming replica while it
   * keeps up (DATABASE_READ_URL), else `db`. Never a member's own reads: they must see their writes.
   */
  reports: ReadReplica;
  /** Background work (pg-boss in the same database): enqueue, schedule, work. */
  jobs: JobQueue;
  /** The mail relay, used only by the mail-send job; everything else enqueues mail (platform/mail/outbox.ts). */
  mailer: Mailer;
  /** What /metrics shows. */
  metrics: Metrics;
  storage: AppStorage;
  /** Web Push: the VAPID key and sending to one browser. */
  push: PushSender;
  /** The demo provider (embedded default) or Stripe. */
  payments: DemoProvider | StripeProvider;
  auth: Auth;
  log: Logger;
  /** Set when the server starts shutting down: /api/ready answers 503 from then on (main.ts). */
  lifecycle: { isStopping: boolean };
  /** Signs links in e-mails (one-click unsubscribe); derived from the auth secret (deps.ts). */
  mailLinkKey: Buffer;
  /** Outside production and without a test clock: moves `now` for browser tests (POST /dev/clock). */
  devClock: DevClock | null;
  /** The current time; tests pass a fixed clock. */
  now: () => Date;
};

export type AppEnv = {
  Variables: {
    /** This request's id, sent as X-Request-Id and on its log lines (http/answer-headers.ts). */
    requestId: string;
    /** The app's Deps, whose `log` is the request's own logger (made when first used). */
    deps: Deps;
    user: SessionUser | null;
    sessionId: string | null;
    /**
     * Whether the session acts as staff now: a staff role, and its second factor when one is
     * required (core staff.ts `isActingStaff`), read with the session (features/auth/fast-session.ts).
     */
    isAdmin: boolean;
    /** The account's staff roles and whether this session may use them (null: a member). */
    staff: Staff | null;
    /** What a staff write's handler adds to its audit row (features/audit/log.ts). */
    audit: { memberId?: string | null; detail?: Record<string, unknown> } | undefined;
    /** The path the request's log line shows, when its own carries a secret (the calendar feed's). */
    logPath: string;
  };
};

/**
 * `deps` reading where reports read (a replica while it keeps up; docs/decisions/0030). Made on
 * top of `deps` rather than copied from it: a request's deps inherit from the app's.
 */
export const reportReads = <D extends Pick<Deps, 'db' | 'reports'>>(deps: D): D =>
  Object.create(deps, { db: { value: deps.reports.db(), enumerable: true } }) as D;
