import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../app.ts';
import { createDeps } from '../../deps.ts';
import { connectPostgres, type DatabaseHandle } from '../../platform/db/index.ts';
import { createLogger } from '../../platform/logger.ts';
import { createMember, createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/harness.ts';
import { closedPort } from '../../testing/ports.ts';

// While the database is away every failed query is logged, by our error handler and by
// better-auth, with the statement and its parameters: a session token, a reset token. Nothing a
// client sent as a credential may reach a log line, at any level, nor stderr.

const NEW_PASSWORD = 'Brand#New2026pass';

let t: TestApp;
let downDb: DatabaseHandle;
let down: ReturnType<typeof createApp>;
const written: string[] = [];
let secrets: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const member = await createMember(t);
  await t.request('/api/auth/request-password-reset', { json: { email: member.email, redirectTo: '/auth' } });
  const resetLink = (await t.lastMail(member.email))!.meta.url!;
  // An account not confirmed yet: its confirmation link's token (a signed JWT).
  const unconfirmed = 'unconfirmed@example.com';
  await t.request('/api/auth/sign-up/email', {
    json: { email: unconfirmed, password: NEW_PASSWORD, name: '' },
  });
  const verifyLink = (await t.lastMail(unconfirmed))!.meta.url!;
  const cookie = member.cookie.match(/core28\.session_token=([^;]+)/)![1]!;
  secrets = {
    cookie,
    cookieDecoded: decodeURIComponent(cookie),
    sessionToken: decodeURIComponent(cookie).split('.')[0]!,
    password: member.password,
    newPassword: NEW_PASSWORD,
    resetToken: new URL(resetLink).searchParams.get('token')!,
    resetLink,
    verifyToken: new URL(verifyLink).searchParams.get('token')!,
  };

  const log = createLogger('trace', { destination: { write: (line: string) => void written.push(line) } });
  downDb = connectPostgres(`postgres://core28:secret@127.0.0.1:${await closedPort()}/core28`);
  down = createApp(createDeps({ config: t.config, log, db: downDb.db }));
  for (const method of ['error', 'warn', 'info', 'log', 'debug'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      written.push(
        `console.${method}: ${args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' ')}`,
      );
      for (const arg of args) if (arg && typeof arg === 'object') written.push(JSON.stringify(arg));
    });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await downDb.close();
  await t.close();
});

const send = (path: string, init: { json?: unknown; headers?: Record<string, string> } = {}) =>
  down.request(path, {
    method: init.json === undefined ? 'GET' : 'POST',
    headers: {
      origin: TEST_ORIGIN,
      cookie: `core28.session_token=${secrets.cookie}`,
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });

describe('with the database down, what is logged', () => {
  it('carries no session token, cookie, password, reset or confirmation token, or bearer value', async () => {
    const { resetToken, sessionToken, verifyToken, password } = secrets as Record<string, string>;
    const bearer = { authorization: `Bearer ${sessionToken}` };
    const answers = [
      await send('/api/me'),
      await send('/api/program', { headers: bearer }),
      await send('/api/auth/get-session'),
      await send('/api/auth/get-session', { headers: bearer }),
      await send(`/api/auth/reset-password/${resetToken}?callbackURL=%2Fauth`),
      await send('/api/auth/reset-password', { json: { token: resetToken, newPassword: NEW_PASSWORD } }),
      await send('/api/auth/recover-password', { json: { token: resetToken, newPassword: NEW_PASSWORD } }),
      await send(`/api/auth/verify-email?token=${verifyToken}&callbackURL=%2F`),
      await send('/api/auth/sign-in/email', { json: { email: 'someone@example.com', password } }),
      await send('/api/auth/change-password', {
        json: { currentPassword: password, newPassword: NEW_PASSWORD },
      }),
      await send('/api/auth/sign-out', { json: {} }),
    ];
    for (const res of answers) expect(res.status).toBeGreaterThanOrEqual(400);

    const output = written.join('\n');
    // The failures were logged, better-auth's among them: the lines that could carry a secret exist.
    expect(output).toContain('database unavailable');
    expect(output).toContain('"msg":"auth: ');
    expect(output).toContain('Failed query');
    for (const [name, value] of Object.entries(secrets)) {
      const leaks = written.filter((line) => line.includes(value));
      expect(leaks, `${name} written:\n${leaks.join('\n')}`).toEqual([]);
    }
    expect(output).toContain('"path":"/api/auth/reset-password/{token}"');
  });
});
