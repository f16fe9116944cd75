import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from './config.ts';

/** Everything production requires, set: each test leaves out or changes what it is about. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://core28.example',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
  ADMIN_EMAIL: 'coach@core28.example',
  ADMIN_PASSWORD: 'Coach#2026gym',
  DATABASE_URL: 'postgres://core28@db.example/core28',
  SMTP_URL: 'smtps://core28:pass@smtp.example:465',
  MAIL_FROM: 'Core28 <hello@core28.example>',
};

describe('loadConfig', () => {
  it('has working development defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', dataDir: './data' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin.email).toBe('admin@core28.local');
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://core28.app/' }).publicUrl).toBe('https://core28.app');
  });

  it('names every bad variable', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(attempt).toThrow(/SMTP_URL/);
  });

  it('takes a direct URL beside a pooler, never alone', () => {
    const pooled = loadConfig({
      DATABASE_URL: 'postgres://core28@pgbouncer:6432/core28',
      DATABASE_DIRECT_URL: 'postgres://core28@db:5432/core28',
    });
    expect([pooled.databaseUrl, pooled.databaseDirectUrl]).toEqual([
      'postgres://core28@pgbouncer:6432/core28',
      'postgres://core28@db:5432/core28',
    ]);
    expect(loadConfig({}).databaseDirectUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgres://core28@db/core28' })).toThrow(
      /DATABASE_DIRECT_URL: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x@y/z', DATABASE_DIRECT_URL: 'mysql://x' })).toThrow(
      /DATABASE_DIRECT_URL: must be a postgres:\/\/ URL/,
    );
  });

  it('refuses production without real secrets and admin', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'production' });
    expect(attempt).toThrow(/ADMIN_EMAIL: is required in production/);
    expect(attempt).toThrow(/AUTH_SECRET: is required in production/);
    expect(attempt).toThrow(/PUBLIC_URL: is required in production/);
  });

  it('requires staff to sign in with a second factor unless told otherwise, and production always', () => {
    expect(loadConfig({}).staffTwoFactor).toBe('required');
    expect(loadConfig(PRODUCTION).staffTwoFactor).toBe('required');
    expect(loadConfig({ STAFF_TWO_FACTOR: 'optional' }).staffTwoFactor).toBe('optional');
    expect(() => loadConfig({ ...PRODUCTION, STAFF_TWO_FACTOR: 'optional' })).toThrow(
      /STAFF_TWO_FACTOR: cannot be optional in production/,
    );
    expect(() => loadConfig({ STAFF_TWO_FACTOR: 'sometimes' })).toThrow(/STAFF_TWO_FACTOR/);
  });

  it('refuses production without MAIL_FROM, saying what it is', () => {
    const { MAIL_FROM: _unset, ...production } = PRODUCTION;
    expect(() => loadConfig(production)).toThrow(
      /MAIL_FROM: is required in production: the sender of every e-mail, an address of your domain/,
    );
    expect(loadConfig({ ...production, MAIL_FROM: 'Core28 <hello@core28.example>' }).mailFrom).toBe(
      'Core28 <hello@core28.example>',
    );
    expect(loadConfig({ ...production, MAIL_FROM: 'hello@core28.example' }).mailFrom).toBe(
      'hello@core28.example',
    );
    expect(() => loadConfig({ MAIL_FROM: 'Core28' })).toThrow(/MAIL_FROM: must be an address/);
    expect(loadConfig({}).mailFrom).toBe('Core28 <hello@core28.app>');
  });

  it('takes a METRICS_TOKEN of 16 characters or more', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metricsToken).toBe('a-long-enough-token');
  });

  it('takes both VAPID keys or neither', () => {
    const keys = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'b'.repeat(43) };
    expect(loadConfig({}).vapid).toBeUndefined();
    expect(loadConfig(keys).vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
    });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PRIVATE_KEY: is required with the other VAPID key/,
    );
    expect(() => loadConfig({ ...keys, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY: must be/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });

  // Without NODE_ENV=production the secret was this published value (a confirmation
  // token was forged with it), and production accepted it too.
  it('refuses the published development secret everywhere, naming AUTH_SECRET', () => {
    const published = 'core28-development-secret-not-for-production-use';
    for (const NODE_ENV of ['development', 'test', 'production']) {
      const attempt = () => loadConfig({ NODE_ENV, AUTH_SECRET: published });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/AUTH_SECRET: is the development value published in Core28's source/);
    }
    expect(loadConfig({}).authSecret).toBeUndefined(); // generated into DATA_DIR at start
  });

  it('reads TRUST_PROXY as off, a number of hops or a list of proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ proxies: ['loopback', 'private'] });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,fd00::/8' }).trustProxy).toEqual({
      proxies: ['10.0.0.2', '10.1.0.0/16', 'fd00::/8'],
    });
    for (const TRUST_PROXY of ['yes', '11', '10.0.0.0/33', 'proxy.example']) {
      expect(() => loadConfig({ TRUST_PROXY }), TRUST_PROXY).toThrow(/TRUST_PROXY: must be false, true/);
    }
  });

  it("refuses an ADMIN_PASSWORD outside the password policy, and production's published one", () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'abcdef' })).toThrow(/ADMIN_PASSWORD: Password is too weak/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://core28.example',
        AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
        ADMIN_EMAIL: 'coach@core28.example',
        ADMIN_PASSWORD: 'Admin#2026',
        MAIL_FROM: 'Core28 <hello@core28.example>',
      }),
    ).toThrow(/ADMIN_PASSWORD: is the development password published/);
  });

  it('warns when a development server has a public address', () => {
    const [warning, ...more] = configWarnings(loadConfig({ PUBLIC_URL: 'https://gym.example' }));
    expect(more).toEqual([]);
    expect(warning).toMatch(
      /NODE_ENV is development, not production, but PUBLIC_URL \(https:\/\/gym\.example\)/,
    );
    expect(warning).toContain('/dev/mail');
    expect(warning).toContain('admin@core28.local / Admin#2026');
    expect(configWarnings(loadConfig({}))).toEqual([]);
    expect(configWarnings(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }))).toEqual([]);
    const production = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://gym.example',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
      ADMIN_EMAIL: 'coach@gym.example',
      ADMIN_PASSWORD: 'Coach#2026gym',
      MAIL_FROM: 'Gym <hello@gym.example>',
      DATABASE_URL: 'postgres://core28@db.example/core28',
      SMTP_URL: 'smtps://core28:pass@smtp.example:465',
    });
    expect(configWarnings(production)).toEqual([]);
  });

  describe('in production, the database and the mail relay', () => {
    const { DATABASE_URL: _unset, ...production } = PRODUCTION;

    it('requires DATABASE_URL unless EMBEDDED_DB=true, saying what the embedded database is for', () => {
      expect(() => loadConfig(production)).toThrow(
        /DATABASE_URL: is required in production: a PostgreSQL 15\+.*The embedded database is a development and single-box default: set EMBEDDED_DB=true/,
      );
      expect(loadConfig({ ...production, EMBEDDED_DB: 'true' }).databaseUrl).toBeUndefined();
      expect(() => loadConfig({ ...production, EMBEDDED_DB: 'false' })).toThrow(/DATABASE_URL/);
      const url = 'postgres://core28@db.example/core28';
      expect(loadConfig({ ...production, DATABASE_URL: url }).databaseUrl).toBe(url);
      expect(loadConfig({}).databaseUrl).toBeUndefined(); // development: embedded, no flag needed
    });

    it('requires SMTP_URL', () => {
      const { SMTP_URL: _, ...withoutRelay } = production;
      expect(() => loadConfig({ ...withoutRelay, EMBEDDED_DB: 'true' })).toThrow(
        /SMTP_URL: is required in production: without a mail relay no member can confirm an account/,
      );
      expect(loadConfig({}).smtpUrl).toBeUndefined();
    });
  });

  it('takes DATABASE_POOL_MAX from 1 to 100 (default 10) and DATABASE_CONNECT_RETRY_MS (default 30 s)', () => {
    expect(loadConfig({})).toMatchObject({ databasePoolMax: 10, databaseConnectRetryMs: 30_000 });
    expect(loadConfig({ DATABASE_POOL_MAX: '40', DATABASE_CONNECT_RETRY_MS: '0' })).toMatchObject({
      databasePoolMax: 40,
      databaseConnectRetryMs: 0,
    });
    for (const DATABASE_POOL_MAX of ['0', '101', 'ten']) {
      expect(() => loadConfig({ DATABASE_POOL_MAX }), DATABASE_POOL_MAX).toThrow(/DATABASE_POOL_MAX/);
    }
    expect(() => loadConfig({ DATABASE_CONNECT_RETRY_MS: '-1' })).toThrow(/DATABASE_CONNECT_RETRY_MS/);
  });

  it('drains 3 s before closing in production (0 elsewhere), SHUTDOWN_DRAIN_MS up to 60 s', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig(PRODUCTION).shutdownDrainMs).toBe(3_000);
    expect(loadConfig({ ...PRODUCTION, SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '5000' }).shutdownDrainMs).toBe(5_000);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '60001' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('warns about a variable that looks like a misspelling of a known one, and only those', () => {
    const warnings = configWarnings(loadConfig({}), {
      DATABSE_URL: 'postgres://x',
      SMPT_URL: 'smtp://x',
      auth_secret: 'x',
      DATABASE_POOL_MAXX: '5',
      // not ours, and not close to ours: silent
      HOME: '/root',
      HOSTNAME: 'box',
      PGPORT: '5432',
      TEST_DATABASE_URL: 'postgres://x',
      NODE_OPTIONS: '--x',
      DATABASE_URL: 'postgres://x',
    });
    expect(warnings).toEqual([
      'DATABSE_URL is not a Core28 variable: did you mean DATABASE_URL? (it is ignored)',
      'SMPT_URL is not a Core28 variable: did you mean SMTP_URL? (it is ignored)',
      'auth_secret is not a Core28 variable: did you mean AUTH_SECRET? (it is ignored)',
      'DATABASE_POOL_MAXX is not a Core28 variable: did you mean DATABASE_POOL_MAX? (it is ignored)',
    ]);
  });
});
