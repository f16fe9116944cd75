import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAlive, readPostmasterPid } from '../platform/db/embedded.ts';

/**
 * The real server as production runs it, on its embedded PostgreSQL in `dataDir`, for the tests
 * that kill it: node with tsx's loader, not the tsx CLI, whose child a SIGKILL would orphan.
 * Resolves once `/api/ready` answers ready; an exit or a minute without it throws with the
 * server's last words.
 */
export async function startServerProcess({
  root,
  dataDir,
  port,
  env: extra = {},
}: {
  /** The repository's root. */
  root: string;
  dataDir: string;
  port: number;
  /** More of the server's environment (SMTP_URL, …). */
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  let stderr = '';
  const { DATABASE_URL: _external, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'test',
      AUTH_RATE_LIMIT: 'false',
      STAFF_TWO_FACTOR: 'optional',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${stderr}`);
    const res = await fetch(`${base}/api/ready`).catch(() => null);
    if (res?.status === 200) {
      const body = (await res.json()) as { status?: string };
      if (body?.status !== 'ready') throw new Error(`/api/ready answered ${JSON.stringify(body)}`);
      return child;
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not come up:\n${stderr}`);
}

/**
 * After a test that killed the server: kills what is left of it and the PostgreSQL its DATA_DIR
 * holds (only that one: a SIGKILLed server leaves its database running), then removes the folder.
 */
export async function removeServerProcess(child: ChildProcess | null, dataDir: string) {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (!dataDir) return;
  const leftover = await readPostmasterPid(path.join(dataDir, 'pg'));
  if (leftover && isAlive(leftover.pid)) {
    process.kill(leftover.pid, 'SIGINT');
    for (let i = 0; i < 100 && isAlive(leftover.pid); i++) await sleep(100);
  }
  rmSync(dataDir, { recursive: true, force: true });
}
