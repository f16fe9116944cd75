import { DEV_ADMIN, EnvSchema, KNOWN_VARIABLES, type TrustProxy } from './config-env.ts';
import { misspelledVariables } from './config-names.ts';

export { DEV_ADMIN, PUBLISHED_DEV_SECRET, parseTrustProxy, type TrustProxy } from './config-env.ts';

/** Above the proxy's health-check interval (deploy/Caddyfile: 2 s). */
const PRODUCTION_DRAIN_MS = 3_000;

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL itself, when databaseUrl is a transaction-mode pooler (else undefined). */
  databaseDirectUrl: string | undefined;
  /** A streaming replica for reports (else undefined), and how far behind it may be. */
  databaseReadUrl: string | undefined;
  databaseReadMaxLagMs: number;
  /** Connections each instance's pool may open. */
  databasePoolMax: number;
  /** How long start-up retries a database it cannot reach before giving up. */
  databaseConnectRetryMs: number;
  /** Start on a database migrated by a newer release (a rollback), knowing its risks. */
  allowNewerSchema: boolean;
  /** Unset: generated into DATA_DIR on first start and reused (features/auth/secret.ts). */
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Bearer token for /metrics; unset: /metrics answers 404. */
  metricsToken: string | undefined;
  contactEmail: string;
  admin: { email: string; password: string };
  coachNoticeEmail: string | null;
  notifyUnreadAfterMinutes: number;
  /** Whether staff must pass a second factor before acting as staff (STAFF_TWO_FACTOR). */
  staffTwoFactor: 'required' | 'optional';
  ownerCoachSeats: number;
  coachReplyTargetHours: number;
  /** Days a plan whose renewal failed is kept (docs/decisions/0021). */
  paymentGraceDays: number;
  trustProxy: TrustProxy;
  authRateLimit: boolean;
  /** The longest a request's SQL statement may run. */
  databaseStatementTimeoutMs: number;
  logLevel: string;
  /** On SIGTERM: how long requests in flight, then running jobs, may each take to finish. */
  shutdownTimeoutMs: number;
  /**
   * On SIGTERM: how long the server keeps taking connections with `/api/ready` at 503, so the
   * proxy's health check sees it and sends new connections elsewhere before the listener closes.
   * Default: 3 s in production (above Caddy's 2 s health interval), 0 otherwise.
   */
  shutdownDrainMs: number;
  webDist: string | undefined;
  /** Web Push's keys; unset: generated into DATA_DIR on first start (platform/push/vapid-keys.ts). */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** The largest exercise video a coach may upload. */
  videoMaxBytes: number;
  /** The largest photo or video a member or coach may attach in the chat. */
  attachmentMaxBytes: number;
  s3:
    | {
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      }
    | undefined;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  apple: { clientId: string; clientSecret: string } | undefined;
  /** Stripe when its key is set; otherwise the demo payment provider. */
  stripe:
    | {
        secretKey: string;
        webhookSecret: string;
        prices: Record<'daily-core-monthly' | 'daily-core-yearly' | 'burn-monthly' | 'burn-yearly', string>;
        apiBase?: string;
      }
    | undefined;
};

/** The sender outside production (production must name its own: config-env.ts's superRefine). */
const DEV_MAIL_FROM = 'Core28 <hello@core28.app>';

export class ConfigError extends Error {}

/** Reads and validates the environment once; a bad or missing variable names itself. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadMaxLagMs: e.DATABASE_READ_MAX_LAG_MS,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseConnectRetryMs: e.DATABASE_CONNECT_RETRY_MS,
    allowNewerSchema: e.ALLOW_NEWER_SCHEMA,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? DEV_MAIL_FROM,
    metricsToken: e.METRICS_TOKEN,
    contactEmail: e.CONTACT_EMAIL,
    admin: { email: e.ADMIN_EMAIL ?? DEV_ADMIN.email, password: e.ADMIN_PASSWORD ?? DEV_ADMIN.password },
    /** Who hears of a member's unread message: ADMIN_EMAIL when set, else every admin. */
    coachNoticeEmail: e.ADMIN_EMAIL ?? null,
    notifyUnreadAfterMinutes: e.NOTIFY_UNREAD_AFTER_MINUTES,
    staffTwoFactor: e.STAFF_TWO_FACTOR,
    ownerCoachSeats: e.OWNER_COACH_SEATS,
    coachReplyTargetHours: e.COACH_REPLY_TARGET_HOURS,
    paymentGraceDays: e.PAYMENT_GRACE_DAYS,
    trustProxy: e.TRUST_PROXY,
    authRateLimit: e.AUTH_RATE_LIMIT,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'production' ? PRODUCTION_DRAIN_MS : 0),
    webDist: e.WEB_DIST,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    videoMaxBytes: e.VIDEO_MAX_BYTES,
    attachmentMaxBytes: e.ATTACHMENT_MAX_BYTES,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    apple:
      e.APPLE_CLIENT_ID && e.APPLE_CLIENT_SECRET
        ? { clientId: e.APPLE_CLIENT_ID, clientSecret: e.APPLE_CLIENT_SECRET }
        : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          prices: {
            'daily-core-monthly': e.STRIPE_PRICE_DAILY_CORE_MONTHLY!,
            'daily-core-yearly': e.STRIPE_PRICE_DAILY_CORE_YEARLY!,
            'burn-monthly': e.STRIPE_PRICE_BURN_MONTHLY!,
            'burn-yearly': e.STRIPE_PRICE_BURN_YEARLY!,
          },
          apiBase: e.STRIPE_API_BASE,
        }
      : undefined,
  };
}

const isLocalHost = (hostname: string) =>
  ['localhost', '127.0.0.1', '[::1]'].includes(hostname) || hostname.endsWith('.localhost');

/**
 * What start-up shouts about: settings that work but are wrong for a server others can reach, and
 * variables that look like a misspelling of one it reads.
 */
export function configWarnings(config: Config, env: NodeJS.ProcessEnv = {}): string[] {
  const warnings = misspelledVariables(Object.keys(env), KNOWN_VARIABLES).map(
    ({ name, known }) => `${name} is not a Core28 variable: did you mean ${known}? (it is ignored)`,
  );
  if (!config.isProduction && !isLocalHost(new URL(config.publicUrl).hostname)) {
    const devAdmin =
      config.admin.email === DEV_ADMIN.email && config.admin.password === DEV_ADMIN.password
        ? ` the published development admin (${DEV_ADMIN.email} / ${DEV_ADMIN.password}) signs in,`
        : '';
    warnings.push(
      `NODE_ENV is ${config.env}, not production, but PUBLIC_URL (${config.publicUrl}) is not localhost. ` +
        `This is a development server: /dev/mail and the /dev helpers are mounted (for requests from this machine only),${devAdmin} ` +
        'and HSTS is off. Set NODE_ENV=production for a server people use.',
    );
  }
  return warnings;
}
