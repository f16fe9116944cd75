import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { createDeps } from '../../deps.ts';
import { connectPostgres, type DatabaseHandle } from '../../platform/db/index.ts';
import { blogArticles } from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, TEST_ORIGIN, type TestApp } from '../../testing/harness.ts';
import { closedPort } from '../../testing/ports.ts';

// With the database down, /api/ready said 503 but every other route answered 500
// (sign-in a 500 with an empty body, an article page JSON). The same app, its database gone:
// node-postgres pointed at a port nobody listens on, so every query fails as in an outage.
// /api/health stays 200 all along: a liveness probe failing with the database would have every
// instance restarted during a database blip.

let t: TestApp;
let down: ReturnType<typeof createApp>;
let downDb: DatabaseHandle;
let member: { cookie: string };
let slug: string;

beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'core28-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><head><title>Core28</title></head><div id="root"></div>',
  );
  t = await createTestApp({ env: { WEB_DIST: dist } });
  member = await createMember(t);
  const [article] = await t.db.select({ slug: blogArticles.slug }).from(blogArticles).limit(1);
  slug = article!.slug;
  downDb = connectPostgres(`postgres://core28:secret@127.0.0.1:${await closedPort()}/core28`);
  down = createApp(createDeps({ config: t.config, log: pino({ level: 'silent' }), db: downDb.db }));
});
afterAll(async () => {
  await downDb.close();
  await t.close();
});

const expectUnavailable = async (res: Response) => {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('10');
  expect(await json(res)).toEqual({
    error: { code: 'UNAVAILABLE', message: expect.stringContaining('briefly unavailable') },
  });
};

describe('with the database down', () => {
  it('/api/health answers 200 at once: the process is alive', async () => {
    const started = performance.now();
    const res = await down.request('/api/health');
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ status: 'ok' });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('/api/ready answers 503 with the reason at once', async () => {
    const started = performance.now();
    const res = await down.request('/api/ready');
    expect(res.status).toBe(503);
    expect(await json(res)).toEqual({ error: { code: 'UNAVAILABLE', message: 'Database unreachable' } });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('an API route answers 503 with Retry-After and the error shape, not 500', async () => {
    await expectUnavailable(await down.request('/api/blog/articles'));
    await expectUnavailable(await down.request(`/api/blog/articles/${slug}`));
  });

  it('sign-in answers 503 in the error shape, not an empty 500', async () => {
    await expectUnavailable(
      await down.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        body: JSON.stringify({ email: 'someone@example.com', password: 'Core#2026strong' }),
      }),
    );
  });

  it('a signed-in member gets 503, not "please sign in"', async () => {
    await expectUnavailable(await down.request('/api/program', { headers: { cookie: member.cookie } }));
    await expectUnavailable(await down.request('/api/me', { headers: { cookie: member.cookie } }));
  });

  it('an article page shows the "We’ll be right back" page', async () => {
    const res = await down.request(`/blog/${slug}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('10');
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('We’ll be right back');
    expect(html).not.toContain('<script');
  });

  it('pages that need no database are still served', async () => {
    const res = await down.request('/about', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
  });
});

describe('with the database frozen (accepts connections, never answers)', () => {
  it('/api/ready answers 503 within a second; /api/health 200 at once', async () => {
    const sockets = new Set<Socket>();
    const frozen = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => frozen.listen(0, '127.0.0.1', resolve));
    const db = connectPostgres(
      `postgres://core28:secret@127.0.0.1:${(frozen.address() as AddressInfo).port}/core28`,
    );
    const app = createApp(createDeps({ config: t.config, log: pino({ level: 'silent' }), db: db.db }));
    try {
      const started = performance.now();
      const res = await app.request('/api/ready');
      expect(res.status).toBe(503);
      expect(performance.now() - started).toBeLessThan(1000);
      const alive = performance.now();
      expect((await app.request('/api/health')).status).toBe(200);
      expect(performance.now() - alive).toBeLessThan(100);
    } finally {
      for (const socket of sockets) socket.destroy();
      frozen.close();
      await db.close().catch(() => {});
    }
  });
});

describe('with the database up', () => {
  it('the same article page is served', async () => {
    const page = await t.request(`/blog/${slug}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
  });
});
