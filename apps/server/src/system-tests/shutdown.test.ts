import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isAlive, readPostmasterPid } from '../platform/db/embedded.ts';
import { serverPort } from '../testing/ports.ts';

// SIGTERM, as a process manager or an orchestrator sends it, to the production build
// (apps/server/dist/main.js, run by node alone) on its embedded PostgreSQL (whose library used to
// exit on the signal by itself), while requests are in flight.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'core28-shutdown-'));
chmodSync(dataDir, 0o755); // as root, the embedded PostgreSQL runs as `postgres` and must get in
/** The root package.json's scripts, run by npm, with a `build` that does nothing. */
const startDir = mkdtempSync(path.join(tmpdir(), 'core28-npm-start-'));

beforeAll(() => {
  // The artefact the tests run: what `npm run build` makes of the server (esbuild, seconds).
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  // The server was built above; the web app's build is not what is tested here.
  const start = { name: 'core28-start', private: true, scripts: { ...scripts, build: 'true' } };
  writeFileSync(path.join(startDir, 'package.json'), JSON.stringify(start));
  symlinkSync(path.join(ROOT, 'apps'), path.join(startDir, 'apps'));
}, 60_000);
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(startDir, { recursive: true, force: true });
});

type Server = { child: ChildProcess; base: string; output: () => string; exited: Promise<unknown[]> };

/** Starts `command` with the server's environment and waits for /api/ready. */
async function startServer(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
) {
  const port = await serverPort();
  const base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _external, ...env } = process.env;
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: {
      ...env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      ...options.env,
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
  return { child, base, output: () => output, exited } satisfies Server;
}

/** The node process's id, from its first log line (pino writes `pid`). */
const serverPid = (output: string) => Number(/"pid":(\d+)/.exec(output)?.[1]);

/** A refused connection was never accepted; a reset or a 5xx of an accepted request is a failure. */
const isRefused = (err: unknown) => (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';

it('SIGTERM to `npm start` under load: readiness goes, every accepted request is answered, node and the database stop, exit 0', async () => {
  // npm → sh → node: the start script must `exec` node, or the signal ends sh and orphans node.
  // With the drain production has: the listener closes only after the proxy (here the clients,
  // told by the readiness probe) has stopped sending. Closing it at once resets connections still
  // in its backlog, which no server can answer.
  const server = await startServer('npm', ['start', '--silent'], {
    cwd: startDir,
    env: { SHUTDOWN_DRAIN_MS: '1000' },
  });
  const { base } = server;
  const pid = serverPid(server.output());
  expect(pid).toBeGreaterThan(0);
  expect(pid).not.toBe(server.child.pid);
  const postmaster = await readPostmasterPid(path.join(dataDir, 'pg'));
  expect(postmaster && isAlive(postmaster.pid)).toBe(true);

  // Eight clients keep requesting until the readiness probe (client 0) says 503, as a proxy takes
  // an instance out of its pool; SIGTERM once they are going. Requests in flight then must finish.
  const statuses: number[] = [];
  const failures: string[] = [];
  let isGivenUp = false;
  let isOutOfPool = false;
  const client = async (i: number) => {
    while (!isGivenUp && !isOutOfPool) {
      const url = i === 0 ? `${base}/api/ready` : `${base}/api/blog/articles`;
      try {
        const res = await fetch(url);
        await res.arrayBuffer();
        // The readiness probe's 503 once stopping is what it is for.
        if (i === 0 && res.status === 503) isOutOfPool = true;
        else statuses.push(res.status);
      } catch (err) {
        if (!isRefused(err)) failures.push(String((err as { cause?: unknown }).cause ?? err));
        return;
      }
    }
  };
  const clients = Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(client));
  while (statuses.length < 20) await sleep(20);
  server.child.kill('SIGTERM'); // to npm, as a process manager running `npm start` sends it
  const [code] = await server.exited;
  // npm is gone; node must be too (an orphaned node would go on answering the clients).
  const deadline = Date.now() + 20_000;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
  const isOrphaned = isAlive(pid);
  if (isOrphaned) {
    isGivenUp = true;
    process.kill(pid, 'SIGTERM'); // straight to node, which then stops its database
    while (isAlive(pid)) await sleep(100);
  }
  await clients;

  expect(isOrphaned, 'node orphaned by npm').toBe(false);
  expect(isOutOfPool, 'readiness answered 503 while draining').toBe(true);
  expect(failures).toEqual([]);
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  const output = server.output();
  expect(code, output).toBe(0);
  expect(output).toContain('shutting down');
  expect(output).toContain('"msg":"stopped"');
  expect(isAlive(postmaster!.pid)).toBe(false); // the embedded database was stopped, not orphaned
}, 150_000);

it('cuts off a request that outlasts SHUTDOWN_TIMEOUT_MS and still exits 0 within its bound', async () => {
  const timeoutMs = 500;
  const server = await startServer(process.execPath, ['apps/server/dist/main.js'], {
    cwd: ROOT,
    env: { SHUTDOWN_TIMEOUT_MS: String(timeoutMs), SHUTDOWN_DRAIN_MS: '0' },
  });
  // A client that sends its headers and half its body, then nothing: the request never ends.
  const { port } = new URL(server.base);
  const socket = net.connect(Number(port), '127.0.0.1');
  await once(socket, 'connect');
  const body = JSON.stringify({ name: 'Slow', email: 'slow@example.com', message: 'x'.repeat(200) });
  socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 50)}`,
  );
  socket.resume();
  const cutOff = once(socket, 'close').then(() => Date.now());
  await sleep(300); // the request is in the handler, reading its body

  const signalled = Date.now();
  server.child.kill('SIGTERM');
  const [code] = await server.exited;
  const exitedAt = Date.now();
  const output = server.output();
  expect(code, output).toBe(0);
  expect(output).toContain('"msg":"stopped"');
  // Held until the bound, then cut off; the process exits well before its forced exit.
  expect((await cutOff) - signalled).toBeGreaterThanOrEqual(timeoutMs - 50);
  expect(exitedAt - signalled).toBeLessThan(2 * timeoutMs + 5_000);
  expect(output).not.toContain('shutdown took too long');
}, 150_000);

it('loads neither Stripe, the AWS SDK, sharp nor file-type until they are configured or used', async () => {
  // Their modules held ~14 MB of the heap every major collection marks; they are loaded
  // where they are configured, or at the first upload. A resolve hook notes every module the server imports.
  const noted = path.join(startDir, 'imported.txt');
  const hooks = path.join(startDir, 'note-imports.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(${JSON.stringify(noted)}, resolved.url + '\\n');
  return resolved;
}`,
  );
  const preload = path.join(startDir, 'preload.mjs');
  writeFileSync(
    preload,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});`,
  );
  const server = await startServer(process.execPath, ['--import', preload, 'apps/server/dist/main.js'], {
    cwd: ROOT,
  });
  server.child.kill('SIGTERM');
  const [code] = await server.exited;
  expect(code, server.output()).toBe(0);
  const imported = readFileSync(noted, 'utf8');
  expect(imported).toContain('/node_modules/hono/'); // the hook saw the server's imports
  expect(imported).not.toMatch(/\/node_modules\/(stripe|@aws-sdk\/[^/]+|sharp|file-type)\//);
}, 150_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
