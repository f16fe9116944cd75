import { isIP } from 'node:net';
import { NewPasswordSchema } from '@core28/core/auth';
import { DEFAULT_ATTACHMENT_MAX_BYTES } from '@core28/core/coaching';
import { PAYMENT_GRACE_DAYS } from '@core28/core/entitlements';
import { DEFAULT_VIDEO_MAX_BYTES } from '@core28/core/exercise-media';
import { z } from 'zod';

// The environment as the server reads it: each variable's form and default, the rules between
// them (production's required values, variables set together) and the forms of TRUST_PROXY.
// config.ts turns the parsed values into the Config the rest of the server uses.

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

export const EnvSchema = z
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
    // The embedded database in production only when asked for (a single box).
    /**
     * PostgreSQL itself when DATABASE_URL is a transaction-mode pooler (PgBouncer): migrations,
     * LISTEN/NOTIFY and session advisory locks need a session of their own (docs/decisions/0030).
     */
    DATABASE_DIRECT_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    /** A streaming replica the admin's analytics and the business figures read (docs/decisions/0030). */
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    /** Behind by more than this, those reports read the primary until the replica keeps up. */
    DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    EMBEDDED_DB: booleanFlag.default(false),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    DATABASE_CONNECT_RETRY_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
    // A rollback onto a schema a newer release migrated: refused unless the operator says so.
    ALLOW_NEWER_SCHEMA: booleanFlag.default(false),
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
    // Staff act only after a second factor; `optional` is for local development and test runs.
    STAFF_TWO_FACTOR: z.enum(['required', 'optional']).default('required'),
    // The owner coaches on a fresh install, so 1-on-1 Burn sells out of the box.
    OWNER_COACH_SEATS: z.coerce.number().int().min(0).max(10_000).default(100),
    COACH_REPLY_TARGET_HOURS: z.coerce.number().int().min(1).max(720).default(24),
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
    /** A coaching message unread this long is e-mailed (once per topic until read). */
    NOTIFY_UNREAD_AFTER_MINUTES: z.coerce.number().int().min(1).max(10_080).default(10),
    /** A paid plan whose renewal failed is kept this many days while the provider retries. */
    PAYMENT_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(PAYMENT_GRACE_DAYS),
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
    // A photo or short video in the coaching chat, held in memory while it is checked.
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
    // Web Push's VAPID keys (web-push generate-vapid-keys); unset: generated into DATA_DIR.
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
    if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_DIRECT_URL'],
        message: 'needs DATABASE_URL (the pooler it goes around)',
      });
    if (env.NODE_ENV !== 'production') return;
    if (env.STAFF_TWO_FACTOR === 'optional')
      ctx.addIssue({
        code: 'custom',
        path: ['STAFF_TWO_FACTOR'],
        message: 'cannot be optional in production: staff must sign in with a second factor',
      });
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
    // Mail from the placeholder address of the source would be refused or land in spam.
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
  // Since decision 0007, `true` no longer believes anyone who reaches the port: only proxies that
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

// The development admin: production refuses to start without an admin of its own (superRefine above).
export const DEV_ADMIN = { email: 'admin@core28.local', password: 'Admin#2026' };
// The secret earlier versions used when AUTH_SECRET was unset: it is in the source, so it is refused.
export const PUBLISHED_DEV_SECRET = 'core28-development-secret-not-for-production-use';

/** Every variable the server reads (for the misspelling warning, config-names.ts). */
export const KNOWN_VARIABLES = Object.keys(EnvSchema.shape);
