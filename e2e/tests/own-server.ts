import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

// A server of a spec's own, as production runs it with STAFF_TWO_FACTOR required (the suite's
// shared server has it optional, so each admin fixture stays one HTTP sign-in).

const ROOT = path.resolve(import.meta.dirname, '../..');

export type OwnServer = { base: string; stop: () => Promise<void> };

/** Starts the built server on E2E_PORT + `portOffset`, with a fresh data directory, and waits for it. */
export async function startOwnServer(portOffset: number, dataDir: string): Promise<OwnServer> {
  const port = Number(process.env.E2E_PORT ?? 3100) + portOffset;
  const base = `http://localhost:${port}`;
  rmSync(path.join(ROOT, dataDir), { recursive: true, force: true });
  const server: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: 'false',
      STAFF_TWO_FACTOR: 'required',
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    // Its database is gone only once the server has stopped it.
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    server.kill();
    await stopped;
    rmSync(path.join(ROOT, dataDir), { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.ok) return { base, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the server on port ${port} did not start`);
}
