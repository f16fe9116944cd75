import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { users } from '../../platform/db/schema.ts';
import { createTestApp, STRONG_PASSWORD, type TestApp } from '../../testing/harness.ts';
import { AUTH_SECRET_FILE, readOrCreateAuthSecret } from './secret.ts';

const PUBLISHED_SECRET = 'core28-development-secret-not-for-production-use';
const tempDir = () => mkdtempSync(path.join(tmpdir(), 'core28-secret-'));

describe('the auth secret without AUTH_SECRET', () => {
  it('is generated into DATA_DIR on first start, readable by the owner only, and reused', () => {
    const dataDir = path.join(tempDir(), 'data'); // not there yet, as on a first start
    const secret = readOrCreateAuthSecret(dataDir);
    expect(secret).toMatch(/^[\w-]{64}$/);
    expect(statSync(path.join(dataDir, AUTH_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(readOrCreateAuthSecret(dataDir)).toBe(secret);
    expect(readOrCreateAuthSecret(tempDir())).not.toBe(secret);
  });

  it('refuses a secret file that holds no usable secret, naming AUTH_SECRET', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, AUTH_SECRET_FILE), 'short\n');
    expect(() => readOrCreateAuthSecret(dataDir)).toThrow(ConfigError);
    expect(() => readOrCreateAuthSecret(dataDir)).toThrow(
      /AUTH_SECRET: unset, and .*auth-secret holds no usable secret/,
    );
  });

  it('refuses a secret file that holds the secret published in the source', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, AUTH_SECRET_FILE), `${PUBLISHED_SECRET}\n`);
    expect(() => readOrCreateAuthSecret(dataDir)).toThrow(ConfigError);
    expect(() => readOrCreateAuthSecret(dataDir)).toThrow(
      /AUTH_SECRET: unset, and .*auth-secret holds the development value published in Core28's source/,
    );
  });
});

// A confirmation token forged with the secret published in the source confirmed an account.
describe('a server started without AUTH_SECRET', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a confirmation link forged with the published secret', async () => {
    const email = 'forged@example.com';
    await t.request('/api/auth/sign-up/email', { json: { email, password: STRONG_PASSWORD, name: '' } });
    const token = await createEmailVerificationToken(PUBLISHED_SECRET, email);
    const res = await t.request(`/api/auth/verify-email?token=${token}`);
    expect(res.status).not.toBe(200);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(false);

    // The link the server itself sent still works.
    const link = new URL((await t.lastMail(email))!.meta.url!);
    await t.request(link.pathname + link.search);
    const [confirmed] = await t.db.select().from(users).where(eq(users.email, email));
    expect(confirmed?.emailVerified).toBe(true);
  });
});
