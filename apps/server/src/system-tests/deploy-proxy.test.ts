import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createDeps } from '../deps.ts';
import { connectPostgres, type DatabaseHandle } from '../platform/db/index.ts';
import { blogArticles } from '../platform/db/schema.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/harness.ts';
import { closedPort, serverPort } from '../testing/ports.ts';

// The repository's Caddyfile in front of real app instances, on Debian's caddy. With the database
// away every instance fails /api/ready at once; people must still get an instance's own answer
// (the "We'll be right back" page, the API's UNAVAILABLE error, with Retry-After) and at once,
// not Caddy's bare 503 after holding the request.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const hasCaddy = spawnSync('caddy', ['version']).status === 0;
if (!hasCaddy) {
  // CI installs caddy (.ci/run); a machine without it says so instead of passing in silence.
  if (process.env.CI) throw new Error('caddy is not installed: the proxy test cannot run');
  console.warn('deploy-proxy.test.ts skipped: no `caddy` on the PATH (apt-get install caddy)');
}

let t: TestApp;
let downDb: DatabaseHandle;
let work: string;
let slug: string;
const servers: Server[] = [];
let ready: string[];
let unready: string[];

beforeAll(async () => {
  if (!hasCaddy) return;
  work = await mkdtemp(path.join(tmpdir(), 'core28-proxy-'));
  const dist = path.join(work, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Core28</title><div id="root"></div>');
  t = await createTestApp({ env: { WEB_DIST: dist } });
  const [article] = await t.db.select({ slug: blogArticles.slug }).from(blogArticles).limit(1);
  slug = article!.slug;
  downDb = connectPostgres(`postgres://core28:secret@127.0.0.1:${await closedPort()}/core28`);
  const down = createApp(createDeps({ config: t.config, log: pino({ level: 'silent' }), db: downDb.db }));
  const up = createApp(t.deps);
  ready = [await listen(up.fetch), await listen(up.fetch)];
  unready = [await listen(down.fetch), await listen(down.fetch)];
});
afterAll(async () => {
  if (!hasCaddy) return;
  for (const server of servers) server.close();
  await downDb.close().catch(() => {});
  await t.close();
  await rm(work, { recursive: true, force: true });
});

describe.skipIf(!hasCaddy)('deploy/Caddyfile in front of two instances', () => {
  it('passes requests to ready instances', async () => {
    await withCaddy(ready, async (base) => {
      const res = await fetch(`${base}/blog/${slug}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    });
  });

  it('keeps an unready instance out of the pool', async () => {
    await withCaddy([unready[0]!, ready[0]!], async (base) => {
      await settled(base);
      for (let i = 0; i < 6; i++) expect((await fetch(`${base}/api/ready`)).status).toBe(200);
    });
  });

  it("with every instance unready, a browser gets the app's own page with Retry-After at once", async () => {
    await withCaddy(unready, async (base) => {
      await settled(base);
      const started = performance.now();
      const res = await fetch(`${base}/blog/${slug}`, { headers: { accept: 'text/html' } });
      const elapsed = performance.now() - started;
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('10');
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('We’ll be right back');
      expect(elapsed).toBeLessThan(1500);
    });
  });

  it('and the app gets the API error, for reads and for writes alike', async () => {
    await withCaddy(unready, async (base) => {
      await settled(base);
      for (const init of [
        { method: 'GET' },
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
          body: JSON.stringify({ email: 'someone@example.com', password: 'Core#2026strong' }),
        },
      ]) {
        const url = init.method === 'GET' ? `${base}/api/blog/articles` : `${base}/api/auth/sign-in/email`;
        const started = performance.now();
        const res = await fetch(url, init);
        expect(performance.now() - started).toBeLessThan(1500);
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('10');
        expect(await res.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
      }
    });
  });
});

function listen(fetchHandler: (request: Request) => Response | Promise<Response>): Promise<string> {
  return new Promise((resolve) => {
    const server = serve({ fetch: fetchHandler, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`127.0.0.1:${info.port}`),
    ) as Server;
    servers.push(server);
  });
}

/**
 * Runs the repository's Caddyfile as is, adapted to JSON only to turn the admin endpoint off
 * (2.6 has no environment variable for it, and parallel test files would share :2019).
 */
async function withCaddy(upstreams: string[], use: (base: string) => Promise<void>) {
  const port = await serverPort();
  const home = await mkdtemp(path.join(work, 'caddy-'));
  const env = {
    ...process.env,
    SITE_ADDRESS: `http://127.0.0.1:${port}`,
    APP1: upstreams[0],
    APP2: upstreams[1],
    XDG_DATA_HOME: home,
    XDG_CONFIG_HOME: home,
  };
  const adapted = spawnSync(
    'caddy',
    ['adapt', '--config', path.join(ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'],
    { env, encoding: 'utf8' },
  );
  expect(adapted.status, adapted.stderr).toBe(0);
  const config = { ...JSON.parse(adapted.stdout), admin: { disabled: true } };
  await writeFile(path.join(home, 'caddy.json'), JSON.stringify(config));
  const caddy = spawn('caddy', ['run', '--config', path.join(home, 'caddy.json')], { env, stdio: 'ignore' });
  try {
    await untilListening(port, caddy);
    await use(`http://127.0.0.1:${port}`);
  } finally {
    caddy.kill('SIGTERM');
    await new Promise((resolve) => caddy.once('exit', resolve));
  }
}

/** Caddy checks each instance at start: wait until the first checks have run. */
async function settled(base: string) {
  await fetch(`${base}/api/health`);
  await new Promise((resolve) => setTimeout(resolve, 500));
}

async function untilListening(port: number, caddy: ChildProcess) {
  for (let i = 0; i < 100; i++) {
    if (caddy.exitCode !== null) throw new Error(`caddy exited with ${caddy.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createServer().listen(port, '127.0.0.1');
      socket.once('listening', () => socket.close(() => resolve(false)));
      socket.once('error', () => resolve(true));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('caddy did not start listening');
}
