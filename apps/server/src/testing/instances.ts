import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { databaseUrls } from './database-urls.ts';
import { STRONG_PASSWORD } from './harness.ts';

// Real server processes for the multi-instance test: each one `node --import tsx
// main.ts`, as crash-safety.test.ts starts it, with a DATA_DIR of its own.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export type Instance = {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  output: () => string;
};

/**
 * A fresh database on the server of `serverUrl`, dropped (with its sessions) by `drop`. When the
 * tests run through a pooler (TEST_DATABASE_DIRECT_URL: PostgreSQL itself), `env` names both URLs,
 * as a deployment behind PgBouncer does.
 */
export async function createDatabase(serverUrl: string) {
  const name = `core28_multi_${randomUUID().replaceAll('-', '')}`;
  const { url, directUrl, adminUrl } = databaseUrls(serverUrl, name);
  await adminQuery(adminUrl, `create database ${name}`);
  return {
    name,
    url,
    directUrl,
    env: { DATABASE_URL: url, ...(directUrl && { DATABASE_DIRECT_URL: directUrl }) },
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  // A DATA_DIR of its own unless `env` names one (which the caller then removes).
  const ownDataDir = env.DATA_DIR ? null : mkdtempSync(path.join(tmpdir(), `core28-${name}-`));
  const dataDir = env.DATA_DIR ?? ownDataDir!;
  const {
    DATABASE_URL: _url,
    DATABASE_DIRECT_URL: _direct,
    TEST_DATABASE_URL: _test,
    TEST_DATABASE_DIRECT_URL: _testDirect,
    ...inherited
  } = process.env;
  // node with tsx's loader, not the tsx CLI, so a signal reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      STAFF_TWO_FACTOR: 'optional',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit').then(([code, signal]) => {
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    return (code ?? signal) as number | string;
  });
  return { name, port, base: `http://127.0.0.1:${port}`, child, exited, output: () => output };
}

/**
 * Waits for 200 from `/api/ready` (or `/api/health` on a server that has no readiness route yet);
 * fails with the instance's output when it exits first.
 */
export async function waitReady(instance: Instance, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | string | null = null;
  void instance.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== null) {
      throw new Error(`${instance.name} exited (${exitCode}) before it was ready:\n${instance.output()}`);
    }
    const ready = await probe(`${instance.base}/api/ready`);
    if (ready === 200) return;
    if (ready === 404 && (await probe(`${instance.base}/api/health`)) === 200) return;
    await sleep(100);
  }
  throw new Error(`${instance.name} was not ready within ${timeoutMs} ms:\n${instance.output()}`);
}

const probe = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    async (res) => {
      await res.arrayBuffer();
      return res.status;
    },
    () => 0,
  );

/** Sends `signal` and waits for the process to end; answers its exit code. */
export async function stopInstance(instance: Instance, signal: NodeJS.Signals = 'SIGTERM') {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill(signal);
  return instance.exited;
}

/** A request as a browser on `origin` (the address in front of the instances) sends it. */
export function send(
  base: string,
  origin: string,
  route: string,
  init: { cookie?: string; json?: unknown } = {},
) {
  return fetch(base + route, {
    method: init.json === undefined ? 'GET' : 'POST',
    headers: {
      origin,
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    redirect: 'manual',
  });
}

export const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

/**
 * Signs up on `signUpOn`, reads the confirmation e-mail through `mailOn` (any instance may send
 * it: the outbox is in the database) and follows its link on `confirmOn`; answers the cookie.
 */
export async function signUpAcross(
  origin: string,
  { signUpOn, mailOn, confirmOn }: { signUpOn: string; mailOn: string; confirmOn: string },
) {
  const email = `multi-${randomUUID().slice(0, 8)}@example.com`;
  const res = await send(signUpOn, origin, '/api/auth/sign-up/email', {
    json: { email, password: STRONG_PASSWORD, name: '' },
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  let mail: { meta: { url: string } } | undefined;
  for (let tries = 0; tries < 150 && !mail; tries++) {
    [mail] = (await (await fetch(`${mailOn}/dev/mail.json?to=${email}`)).json()) as {
      meta: { url: string };
    }[];
    if (!mail) await sleep(100);
  }
  if (!mail) throw new Error(`no confirmation e-mail for ${email} within 15 s`);
  const link = new URL(mail.meta.url);
  const verify = await fetch(confirmOn + link.pathname + link.search, { redirect: 'manual' });
  const cookie = cookieOf(verify);
  if (!cookie) throw new Error(`confirming ${email} set no cookie (${verify.status})`);
  return { email, cookie };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the proxy in front of the instances does (deploy/Caddyfile's `health_uri /api/ready`): it
 * checks each instance every `intervalMs` and sends new connections to the first one answering
 * 200. `first()` is that instance; `stop()` ends the checks.
 */
export function readinessPool(instances: Instance[], intervalMs: number) {
  let ready = [...instances];
  const check = async () => {
    const answers = await Promise.all(
      instances.map((instance) =>
        fetch(`${instance.base}/api/ready`, { signal: AbortSignal.timeout(intervalMs * 5) })
          .then((res) => res.status === 200)
          .catch(() => false),
      ),
    );
    ready = instances.filter((_, i) => answers[i]);
  };
  let running = true;
  const loop = (async () => {
    while (running) {
      await check();
      await sleep(intervalMs);
    }
  })();
  return {
    first: () => {
      if (!ready[0]) throw new Error('no instance is ready');
      return ready[0];
    },
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

export type LoadTally = { ok: number; serverErrors: number; refused: number; lost: string[] };

/**
 * `workers` clients sending GET `route` back to back until `stop.now`, each request on a new
 * connection (as `Connection: close`): a connection the server no longer takes is refused and
 * counted apart; one it took must end in an answer below 500, or it is `lost` (reset, cut off).
 */
export async function loadUntil(
  url: () => string,
  cookie: string,
  workers: number,
  stop: { now: boolean },
): Promise<LoadTally> {
  const tally: LoadTally = { ok: 0, serverErrors: 0, refused: 0, lost: [] };
  const one = () =>
    new Promise<void>((resolve) => {
      const req = http.get(url(), { agent: false, headers: { cookie } }, (res) => {
        res.resume();
        res.on('end', () => {
          if ((res.statusCode ?? 0) >= 500) tally.serverErrors++;
          else tally.ok++;
          resolve();
        });
        res.on('error', (err) => {
          tally.lost.push(`${(err as NodeJS.ErrnoException).code ?? err.message} mid-answer`);
          resolve();
        });
      });
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED') tally.refused++;
        else tally.lost.push(err.code ?? err.message);
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!stop.now) {
        const before = tally.refused;
        await one();
        // Once refused, the instance is gone: the client would go elsewhere.
        if (tally.refused > before) await sleep(20);
      }
    }),
  );
  return tally;
}
