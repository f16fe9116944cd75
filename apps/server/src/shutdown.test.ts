import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { freePort, isAlive, readPostmasterPid } from './platform/db/embedded.ts';

// Issue 19: SIGTERM, as a process manager or an orchestrator sends it, to a server on its embedded
// PostgreSQL (whose library used to exit on the signal by itself) while requests are in flight.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'core28-shutdown-'));
chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as `postgres` and must get in
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A refused connection was never accepted; a reset or a 5xx of an accepted request is a failure. */
const isRefused = (err: unknown) => (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';

it('SIGTERM under load: readiness goes, every accepted request is answered, the database stops, exit 0', async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _external, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = once(child, 'exit');

  const deadline = Date.now() + 90_000;
  while ((await fetch(`${base}/api/ready`).catch(() => null))?.status !== 200) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`not ready:\n${output}`);
    await sleep(200);
  }
  const postmaster = await readPostmasterPid(path.join(dataDir, 'pg'));
  expect(postmaster && isAlive(postmaster.pid)).toBe(true);

  // Eight clients keep requesting until the server refuses them; SIGTERM once they are going.
  const statuses: number[] = [];
  const failures: string[] = [];
  const client = async (i: number) => {
    for (;;) {
      const url = i === 0 ? `${base}/api/ready` : `${base}/api/blog/articles`;
      try {
        const res = await fetch(url);
        await res.arrayBuffer();
        // The readiness probe's 503 once stopping is what it is for.
        if (!(i === 0 && res.status === 503)) statuses.push(res.status);
      } catch (err) {
        if (!isRefused(err)) failures.push(String((err as { cause?: unknown }).cause ?? err));
        return;
      }
    }
  };
  const clients = Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(client));
  while (statuses.length < 20) await sleep(20);
  child.kill('SIGTERM');
  const [code] = await exited;
  await clients;

  expect(failures).toEqual([]);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  expect(code, output).toBe(0);
  expect(output).toContain('shutting down');
  expect(output).toContain('"msg":"stopped"');
  expect(isAlive(postmaster!.pid)).toBe(false); // the embedded database was stopped, not orphaned
}, 150_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
