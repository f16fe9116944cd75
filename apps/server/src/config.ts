import { isIP } from 'node:net';
import { NewPasswordSchema } from '@core28/core/auth';
import { DEFAULT_ATTACHMENT_MAX_BYTES } from '@core28/core/coaching';
import { DEFAULT_VIDEO_MAX_BYTES } from '@core28/core/exercise-media';
import { z } from 'zod';
import { misspelledVariables } from './config-names.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    // Issue 19: the embedded database in production only when asked for (a single box).
    EMBEDDED_DB: booleanFlag.default(false),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    DATABASE_CONNECT_RETRY_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
    AUTH_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .refine((value) => value !== PUBLISHED_DEV_SECRET, {
        message:
          "is the development value published in Core28's source: anyone can forge sessions and links with it. Set a random one (openssl rand -base64 48), or leave it unset outside production to have one generated into DATA_DIR",
      })
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z
      .string()
      .regex(
        /^([^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
        'must be an address, alone or as Name <address>',
      )
      .optional(),
    CONTACT_EMAIL: z.email().default('support@core28.app'),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: NewPasswordSchema.optional(),
    TRUST_PROXY: z
      .string()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (parsed === undefined)
          ctx.addIssue({
            code: 'custom',
            message:
              'must be false, true (proxies on loopback or private networks), the number of proxies in front (1-10), or a comma-separated list of proxy addresses or CIDR ranges (loopback and private may be named)',
          });
        return parsed ?? false;
      })
      .default(false),
    AUTH_RATE_LIMIT: booleanFlag.default(true),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    /** Issue 20: a coaching message unread this long is e-mailed (once per topic until read). */
    NOTIFY_UNREAD_AFTER_MINUTES: z.coerce.number().int().min(1).max(10_080).default(10),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    S3_BUCKET: z.string().min(3).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    // An upload is held in memory while it is checked: hence a ceiling of 500 MB.
    VIDEO_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(500 * 1024 * 1024)
      .default(DEFAULT_VIDEO_MAX_BYTES),
    // issue 22: a photo or short video in the coaching chat, held in memory while it is checked.
    ATTACHMENT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(200 * 1024 * 1024)
      .default(DEFAULT_ATTACHMENT_MAX_BYTES),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
    APPLE_CLIENT_ID: z.string().min(1).optional(),
    APPLE_CLIENT_SECRET: z.string().min(1).optional(),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    STRIPE_PRICE_DAILY_CORE_MONTHLY: z.string().min(1).optional(),
    STRIPE_PRICE_DAILY_CORE_YEARLY: z.string().min(1).optional(),
    STRIPE_PRICE_BURN_MONTHLY: z.string().min(1).optional(),
    STRIPE_PRICE_BURN_YEARLY: z.string().min(1).optional(),
    STRIPE_API_BASE: z.url().optional(),
    // Issue 21: Web Push's VAPID keys (web-push generate-vapid-keys); unset: generated into DATA_DIR.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a URL-safe base64 P-256 public key (87 characters)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a URL-safe base64 P-256 private key (43 characters)')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      const missing = env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other VAPID key' });
    }
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'and S3_SECRET_ACCESS_KEY are required with S3_BUCKET',
      });
    }
    for (const provider of ['GOOGLE', 'APPLE'] as const) {
      if (Boolean(env[`${provider}_CLIENT_ID`]) !== Boolean(env[`${provider}_CLIENT_SECRET`])) {
        ctx.addIssue({
          code: 'custom',
          path: [`${provider}_CLIENT_SECRET`],
          message: `is needed together with ${provider}_CLIENT_ID`,
        });
      }
    }
    if (env.STRIPE_SECRET_KEY) {
      for (const key of STRIPE_REQUIRED) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required with STRIPE_SECRET_KEY' });
      }
    }
    if (env.NODE_ENV !== 'production') return;
    for (const key of ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'AUTH_SECRET', 'PUBLIC_URL'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
    }
    if (!env.DATABASE_URL && !env.EMBEDDED_DB)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message:
          'is required in production: a PostgreSQL 15+ (postgres://…). The embedded database is a development and single-box default: set EMBEDDED_DB=true to run it in production on one machine',
      });
    if (!env.SMTP_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'is required in production: without a mail relay no member can confirm an account (smtp:// or smtps://user:pass@host:port)',
      });
    // Issue 18: mail from the placeholder address of the source would be refused or land in spam.
    if (!env.MAIL_FROM)
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message:
          'is required in production: the sender of every e-mail, an address of your domain that your SMTP relay may send from, e.g. MAIL_FROM="Core28 <hello@your-domain.com>"',
      });
    if (env.ADMIN_PASSWORD === DEV_ADMIN.password)
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'is the development password published in the README: choose another for production',
      });
  });

/** How far X-Forwarded-For is believed (client-ip.ts): not at all, n proxies deep, or from these proxies. */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

const MAX_PROXY_HOPS = 10;

/** TRUST_PROXY's value, or undefined when it is none of the accepted forms. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  // Since issue 15, `true` no longer believes anyone who reaches the port: only proxies that
  // connect from this machine or a private network are trusted to have set X-Forwarded-For.
  if (text === 'true') return { proxies: ['loopback', 'private'] };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= MAX_PROXY_HOPS ? { hops } : undefined;
  }
  const proxies = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (proxies.length === 0 || !proxies.every(isProxyEntry)) return undefined;
  return { proxies };
}

function isProxyEntry(entry: string): boolean {
  if (entry === 'loopback' || entry === 'private') return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const STRIPE_REQUIRED = [
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_DAILY_CORE_MONTHLY',
  'STRIPE_PRICE_DAILY_CORE_YEARLY',
  'STRIPE_PRICE_BURN_MONTHLY',
  'STRIPE_PRICE_BURN_YEARLY',
] as const;

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
  /** Connections each instance's pool may open (issue 19). */
  databasePoolMax: number;
  /** How long start-up retries a database it cannot reach before giving up (issue 19). */
  databaseConnectRetryMs: number;
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
  trustProxy: TrustProxy;
  authRateLimit: boolean;
  /** The longest a request's SQL statement may run (issue 15). */
  databaseStatementTimeoutMs: number;
  logLevel: string;
  /** On SIGTERM: how long requests in flight, then running jobs, may each take to finish (issue 19). */
  shutdownTimeoutMs: number;
  /**
   * On SIGTERM: how long the server keeps taking connections with `/api/ready` at 503, so the
   * proxy's health check sees it and sends new connections elsewhere before the listener closes
   * (issue 19). Default: 3 s in production (above Caddy's 2 s health interval), 0 otherwise.
   */
  shutdownDrainMs: number;
  webDist: string | undefined;
  /** Web Push's keys; unset: generated into DATA_DIR on first start (platform/push/vapid-keys.ts). */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** The largest exercise video a coach may upload (issue 17). */
  videoMaxBytes: number;
  /** The largest photo or video a member or coach may attach in the chat (issue 22). */
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

/** The sender outside production (production must name its own: superRefine above). */
const DEV_MAIL_FROM = 'Core28 <hello@core28.app>';
// The development admin: production refuses to start without an admin of its own (superRefine above).
export const DEV_ADMIN = { email: 'admin@core28.local', password: 'Admin#2026' };
// The secret earlier versions used when AUTH_SECRET was unset: it is in the source, so it is refused.
export const PUBLISHED_DEV_SECRET = 'core28-development-secret-not-for-production-use';

export class ConfigError extends Error {}

/** Every variable the server reads (for the misspelling warning, config-names.ts). */
export const KNOWN_VARIABLES = Object.keys(EnvSchema.shape);

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
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseConnectRetryMs: e.DATABASE_CONNECT_RETRY_MS,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? DEV_MAIL_FROM,
    metricsToken: e.METRICS_TOKEN,
    contactEmail: e.CONTACT_EMAIL,
    admin: { email: e.ADMIN_EMAIL ?? DEV_ADMIN.email, password: e.ADMIN_PASSWORD ?? DEV_ADMIN.password },
    /** Who hears of a member's unread message: ADMIN_EMAIL when set, else every admin (issue 20). */
    coachNoticeEmail: e.ADMIN_EMAIL ?? null,
    notifyUnreadAfterMinutes: e.NOTIFY_UNREAD_AFTER_MINUTES,
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
 * variables that look like a misspelling of one it reads (issue 19).
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
