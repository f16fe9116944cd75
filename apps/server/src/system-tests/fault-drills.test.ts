import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../platform/db/data-dir-lock.ts';
import { isAlive, readPostmasterPid } from '../platform/db/embedded.ts';
import { serverPort } from '../testing/ports.ts';

// The fault drills, on the real server (`node --import tsx main.ts`) and its embedded
// PostgreSQL, one DATA_DIR for all of them, in this order: a second start on the same DATA_DIR,
// the database frozen (SIGSTOP), the database killed (restarted), the database killed for good
// (the server gives up and exits non-zero). The CI run on an external PostgreSQL skips them.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

type Running = { child: ChildProcess; stderr: () => string; base: string };

let dataDir = '';
/** A stand-in for the built web app, so the drills need no `npm run build` first. */
let webDist = '';
let first: Running;
const started: ChildProcess[] = [];

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('fault drills (embedded PostgreSQL)', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'core28-drills-'));
    webDist = mkdtempSync(path.join(tmpdir(), 'core28-drills-web-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><title>Core28</title></head><body><div id="root"></div></body></html>',
    );
    first = await startServer();
    await waitForReady(first, 200, 60_000);
  }, 90_000);

  afterAll(async () => {
    for (const child of started)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    const postgres = await readPostmasterPid(path.join(dataDir, 'pg'));
    if (postgres && isAlive(postgres.pid)) {
      for (const pid of [postgres.pid, ...childrenOf(postgres.pid)]) signal(pid, 'SIGCONT');
      process.kill(postgres.pid, 'SIGINT');
      for (let i = 0; i < 100 && isAlive(postgres.pid); i++) await sleep(100);
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });

  it('refuses a second start on the same DATA_DIR, leaving the first instance and its database alone', async () => {
    const postgres = await readPostmasterPid(path.join(dataDir, 'pg'));
    const second = await startServer({ waitForReady: false });
    const [code] = await within(once(second.child, 'exit'), 30_000, 'the second start did not exit');
    expect(code).toBe(1);
    expect(second.stderr()).toContain('is in use by another Core28 process');
    expect(second.stderr()).toContain(`pid ${first.child.pid}`);
    expect(isAlive(postgres!.pid)).toBe(true);
    expect((await readPostmasterPid(path.join(dataDir, 'pg')))?.pid).toBe(postgres!.pid);
    await waitForReady(first, 200, 1000);
  }, 40_000);

  it('answers 503 while the database is frozen (readiness within a second, alive all along), and recovers when it thaws', async () => {
    const slug = await anArticleSlug();
    const postgres = await readPostmasterPid(path.join(dataDir, 'pg'));
    const frozen = [postgres!.pid, ...childrenOf(postgres!.pid)];
    for (const pid of frozen) signal(pid, 'SIGSTOP');
    try {
      const ready = await timed(fetch(`${first.base}/api/ready`));
      expect(ready.res.status).toBe(503);
      expect(ready.ms).toBeLessThan(1000); // the server gives up at 0.7 s
      // Liveness asks nothing of the database: no orchestrator restarts the instance for this.
      const health = await timed(fetch(`${first.base}/api/health`));
      expect(health.res.status).toBe(200);

      // A statement waits at most DATABASE_STATEMENT_TIMEOUT_MS + 1 s, a new connection 5 s.
      const [api, page] = await Promise.all([
        timed(fetch(`${first.base}/api/blog/articles`)),
        timed(fetch(`${first.base}/blog/${slug}`, { headers: { accept: 'text/html' } })),
      ]);
      expect(api.res.status).toBe(503);
      expect(api.res.headers.get('retry-after')).toBe('10');
      expect((await api.res.json()) as unknown).toMatchObject({ error: { code: 'UNAVAILABLE' } });
      expect(api.ms).toBeLessThan(7000);
      expect(page.res.status).toBe(503);
      expect(await page.res.text()).toContain('We’ll be right back');
      console.info(
        `frozen database: readiness ${ready.ms.toFixed(0)} ms, health ${health.ms.toFixed(0)} ms, API ${api.ms.toFixed(0)} ms, page ${page.ms.toFixed(0)} ms`,
      );
    } finally {
      for (const pid of frozen) signal(pid, 'SIGCONT');
    }
    await waitForReady(first, 200, 10_000);
    expect((await fetch(`${first.base}/api/blog/articles`)).status).toBe(200);
  }, 40_000);

  it('restarts the embedded PostgreSQL when it dies', async () => {
    const before = await readPostmasterPid(path.join(dataDir, 'pg'));
    process.kill(before!.pid, 'SIGKILL');
    for (let i = 0; i < 50 && isAlive(before!.pid); i++) await sleep(20);
    // While the new postmaster starts, postmaster.pid may be missing or half written (null): keep
    // reading until a whole file names another process.
    let after = before;
    for (let i = 0; i < 150 && (!after || after.pid === before!.pid); i++) {
      await sleep(100);
      after = await readPostmasterPid(path.join(dataDir, 'pg'));
    }
    await waitForReady(first, 200, 15_000);
    after = await readPostmasterPid(path.join(dataDir, 'pg'));
    expect(after!.pid).not.toBe(before!.pid);
    expect(after!.port).toBe(before!.port);
    expect((await fetch(`${first.base}/api/blog/articles`)).status).toBe(200);
    expect(first.child.exitCode).toBeNull();
  }, 30_000);

  it('exits non-zero when the database cannot be restarted, so a process manager restarts the app', async () => {
    const postgres = await readPostmasterPid(path.join(dataDir, 'pg'));
    process.kill(postgres!.pid, 'SIGKILL');
    // Someone else takes its port: every restart fails.
    const squatter = await occupy(postgres!.port!);
    try {
      const [code] = await within(once(first.child, 'exit'), 25_000, 'the server did not give up');
      expect(code).toBe(1);
      expect(first.stderr()).toContain('could not be restarted');
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    } finally {
      squatter.close();
    }
  }, 35_000);
});

async function startServer({ waitForReady: shouldWait = true } = {}): Promise<Running> {
  const port = await serverPort();
  const base = `http://127.0.0.1:${port}`;
  let stderr = '';
  const { DATABASE_URL: _external, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...env,
      NODE_ENV: 'test',
      AUTH_RATE_LIMIT: 'false',
      LOG_LEVEL: 'fatal',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATABASE_STATEMENT_TIMEOUT_MS: '1000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  started.push(child);
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  const running = { child, base, stderr: () => stderr };
  if (shouldWait) await waitForReady(running, 200, 60_000);
  return running;
}

async function waitForReady(server: Running, status: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`the server exited with ${server.child.exitCode}:\n${server.stderr()}`);
    last = (await fetch(`${server.base}/api/ready`).catch(() => null))?.status ?? 0;
    if (last === status) return;
    await sleep(100);
  }
  throw new Error(`/api/ready was ${last}, not ${status}, after ${timeoutMs} ms:\n${server.stderr()}`);
}

async function anArticleSlug() {
  const res = await fetch(`${first.base}/api/blog/articles`);
  const { articles } = (await res.json()) as { articles: { slug: string }[] };
  return articles[0]!.slug;
}

/** The postmaster's children (its backends and helpers), from /proc. */
function childrenOf(pid: number) {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/** Listens on `port` as soon as the dead postmaster has let go of it. */
async function occupy(port: number): Promise<Server> {
  for (let tries = 0; ; tries++) {
    const server = createServer();
    const error = await new Promise<Error | null>((resolve) => {
      server.once('error', resolve);
      server.listen(port, '127.0.0.1', () => resolve(null));
    });
    if (!error) return server;
    if (tries > 100) throw error;
    await sleep(10);
  }
}

async function timed(response: Promise<Response>) {
  const startedAt = performance.now();
  const res = await response;
  return { res, ms: performance.now() - startedAt };
}

function within<T>(promise: Promise<T>, ms: number, what: string) {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms)),
  ]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
