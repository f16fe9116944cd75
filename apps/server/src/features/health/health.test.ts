import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { JOBS_SCHEMA } from '../../platform/jobs/queue.ts';
import { createTestApp, json, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('platform routes', () => {
  it('/api/health answers while the process does, without asking the database', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: 'ok' });
  });

  it('/api/ready: 200 when migrated with the job queue running; 503 with the reason otherwise', async () => {
    const ready = await t.request('/api/ready');
    expect(ready.status).toBe(200);
    expect(await json(ready)).toEqual({ status: 'ready' });

    // A newer instance's migration not applied yet (the row put back afterwards).
    const [newest] = (
      await t.database.executeSql(
        'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at',
      )
    ).rows as { hash: string; created_at: string }[];
    const behind = await t.request('/api/ready');
    expect(behind.status).toBe(503);
    expect(await json(behind)).toEqual({
      error: { code: 'UNAVAILABLE', message: 'Database migrations are behind this version' },
    });
    await t.database.executeSql(
      'insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)',
      [newest!.hash, newest!.created_at],
    );
    expect((await t.request('/api/ready')).status).toBe(200);

    t.deps.lifecycle.isStopping = true;
    const stopping = await t.request('/api/ready');
    t.deps.lifecycle.isStopping = false;
    expect(stopping.status).toBe(503);
    expect(stopping.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(stopping.headers.get('connection')).toBe('close'); // no keep-alive request is lost
    expect(await json(stopping)).toEqual({ error: { code: 'UNAVAILABLE', message: 'Shutting down' } });
    expect((await t.request('/api/health')).status).toBe(200); // alive all the same
  });

  it('a probe path answers GET and HEAD; any other method goes through the whole pipeline', async () => {
    const head = await t.request('/api/health', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const posted = await t.request('/api/health', { method: 'POST', json: {} });
    expect(posted.status).toBe(404);
    expect(await json(posted)).toEqual({ error: { code: 'NOT_FOUND', message: 'No such API route' } });
    // the page policy of the pipeline, not the probe's
    expect(posted.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('/api/ready answers 503 once the job queue is stopped', async () => {
    const other = await createTestApp({ seed: false });
    await other.jobs.stop(1_000);
    const res = await other.request('/api/ready');
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({ error: { code: 'UNAVAILABLE', message: 'Job queue not running' } });
    await other.database.close();
  });

  it("/api/ready answers 503 while the job queue's own statements keep failing, and 200 once they work again", async () => {
    const other = await createTestApp({ seed: false, jobWorkers: true });
    const ready = async () => {
      const res = await other.request('/api/ready');
      return { status: res.status, body: await json(res) };
    };
    try {
      expect((await ready()).status).toBe(200);
      // Its schema gone: every worker's poll fails (the mail worker polls each second).
      await other.database.executeSql(`alter schema ${JOBS_SCHEMA} rename to ${JOBS_SCHEMA}_gone`);
      await expect.poll(ready, { timeout: 15_000, interval: 200 }).toEqual({
        status: 503,
        body: { error: { code: 'UNAVAILABLE', message: 'Job queue not running' } },
      });
      await other.database.executeSql(`alter schema ${JOBS_SCHEMA}_gone rename to ${JOBS_SCHEMA}`);
      await expect.poll(async () => (await ready()).status, { timeout: 15_000, interval: 200 }).toBe(200);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('the probes are not logged as requests; other requests are', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const app = createApp({ ...t.deps, log });
    await app.request('/api/health');
    await app.request('/api/ready');
    expect(lines.filter((line) => line.includes('"msg":"request"'))).toEqual([]);
    await app.request('/api/nope');
    expect(lines.filter((line) => line.includes('"msg":"request"'))).toHaveLength(1);
  });

  it('an unknown /api path is 404 JSON', async () => {
    const res = await t.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await json(res)).toEqual({ error: { code: 'NOT_FOUND', message: 'No such API route' } });
  });

  it('sends the security headers', async () => {
    const res = await t.request('/api/health');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull(); // production only
  });

  it('serves the dev mailbox outside production', async () => {
    const res = await t.request('/dev/mail');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Core28 dev mailbox');
  });
});

// The mailbox holds every confirmation and reset link, i.e. every account.
describe('the dev mailbox and dev helpers answer this machine only', () => {
  it('answers loopback requests, IPv4 and IPv6', async () => {
    for (const from of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.request('/dev/mail.json', { from })).status, from).toBe(200);
    }
  });

  it('is 404 to any other address', async () => {
    for (const from of ['203.0.113.9', '192.168.1.20', '10.0.0.2']) {
      expect((await t.request('/dev/mail', { from })).status, from).toBe(404);
      expect((await t.request('/dev/mail.json', { from })).status, from).toBe(404);
      const factory = await t.request('/dev/members/registration', {
        json: { email: 'x@example.com', daysAgo: 3 },
        from,
      });
      expect(factory.status, from).toBe(404);
    }
  });

  it('is 404 through a proxy on this machine, and to a page that rebound its name to 127.0.0.1', async () => {
    const proxied = await t.request('/dev/mail.json', {
      from: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.status).toBe(404);
    const rebound = await t.app.request(
      'http://attacker.example/dev/mail.json',
      {},
      {
        incoming: { socket: { remoteAddress: '127.0.0.1' } },
      },
    );
    expect(rebound.status).toBe(404);
  });
});

describe('in production', () => {
  it('mounts no development helpers: no mailbox, no test factories', async () => {
    const prod = await createTestApp({
      seed: false,
      env: {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://core28.example',
        AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
        ADMIN_EMAIL: 'coach@core28.example',
        ADMIN_PASSWORD: 'Prod#2026secret',
        MAIL_FROM: 'Core28 <hello@core28.example>',
        SMTP_URL: 'smtp://127.0.0.1:9', // nothing is mailed here
        EMBEDDED_DB: 'true', // the harness's database either way
      },
    });
    try {
      const mailbox = await prod.request('/dev/mail.json');
      expect(await mailbox.text()).not.toContain('"subject"');
      const factory = await prod.request('/dev/members/registration', {
        json: { email: 'x@example.com', daysAgo: 3 },
        headers: { origin: 'https://core28.example' },
      });
      expect(factory.status).toBe(404);
      const res = await prod.request('/api/health');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    } finally {
      await prod.close();
    }
  });
});
