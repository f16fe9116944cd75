import { hkdfSync } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Deps } from './context.ts';
import { readOrCreateAuthSecret } from './features/auth/secret.ts';
import { createAuth } from './platform/auth/auth.ts';
import type { Database } from './platform/db/index.ts';
import { primaryOnly, type ReadReplica } from './platform/db/read-replica.ts';
import { createDevClock } from './platform/dev-clock.ts';
import { type JobQueue, NO_JOB_QUEUE } from './platform/jobs/queue.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './platform/mail/mailer.ts';
import { MAIL_POLICY } from './platform/mail/outbox.ts';
import { createMetrics, type Metrics } from './platform/metrics/metrics.ts';
import { createDemoProvider } from './platform/payments/demo.ts';
import { createStripeProvider } from './platform/payments/stripe.ts';
import { createWebPush, type PushSender } from './platform/push/push.ts';
import { readOrCreateVapidKeys } from './platform/push/vapid-keys.ts';
import {
  type AppStorage,
  createLocalStorage,
  createS3Storage,
  localStorageRoot,
} from './platform/storage/storage.ts';

export function createDeps(opts: {
  config: Config;
  log: Logger;
  db: Database;
  /** The replica reports read (openReadReplica); without one, the primary. */
  reports?: ReadReplica;
  /** A started queue (startJobQueue); without one, sending mail or any job fails with a clear message. */
  jobs?: JobQueue;
  mailer?: Mailer;
  metrics?: Metrics;
  storage?: AppStorage;
  /** Tests: Web Push that also reaches the local push service double. */
  push?: PushSender;
  now?: () => Date;
}): Deps {
  const { config, log, db } = opts;
  const jobs = opts.jobs ?? NO_JOB_QUEUE;
  const metrics = opts.metrics ?? createMetrics();
  const mailer =
    opts.mailer ??
    (config.smtpUrl
      ? createSmtpMailer({
          url: config.smtpUrl,
          from: config.mailFrom,
          log,
          connections: MAIL_POLICY.concurrency,
        })
      : createOutboxMailer());
  // Tests pass a fixed clock; outside production the clock can be moved (POST /dev/clock).
  const devClock = !opts.now && !config.isProduction ? createDevClock() : null;
  const now = opts.now ?? devClock?.now ?? (() => new Date());
  const secret = config.authSecret ?? readOrCreateAuthSecret(config.dataDir);
  const storage: AppStorage =
    opts.storage ??
    (config.s3
      ? { ...createS3Storage(config.s3), kind: 's3' }
      : createLocalStorage({
          root: localStorageRoot(config.dataDir),
          secret,
          now,
        }));
  const auth = createAuth({ db, config, jobs, log, secret, now });
  const payments = config.stripe
    ? createStripeProvider(config.stripe)
    : createDemoProvider({ db, publicUrl: config.publicUrl, secret, now });
  const push =
    opts.push ??
    createWebPush({
      keys: config.vapid ?? readOrCreateVapidKeys(config.dataDir),
      subject: `mailto:${config.contactEmail}`,
    });
  const lifecycle = { isStopping: false };
  // Its own key, so a signed mail link can never stand for a session or a storage link.
  const mailLinkKey = Buffer.from(hkdfSync('sha256', secret, '', 'core28 mail links', 32));
  return {
    config,
    log,
    db,
    reports: opts.reports ?? primaryOnly(db),
    jobs,
    mailer,
    metrics,
    storage,
    push,
    payments,
    auth,
    now,
    lifecycle,
    mailLinkKey,
    devClock,
  };
}
