import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import autocannon from 'autocannon';

export type Measurement = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered in the run. */
  requests: number;
};

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

/**
 * Servers still running when the bench exits on an error are stopped with it: one left behind (an
 * app with its embedded PostgreSQL) took CPU from every later run on the machine.
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM'); // the app then stops its own PostgreSQL
});

/** Starts a child process and waits until `readyUrl` answers 200; its output goes to `stdoutFd`, else nowhere. */
export async function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  stdoutFd?: number,
) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', stdoutFd ?? 'ignore', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}:\n${stderr}`);
    const ok = await fetch(readyUrl)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${readyUrl} did not come up`);
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await Promise.race([once(child, 'exit'), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export type MeasureOptions = {
  headers?: Record<string, string>;
  duration?: number;
  connections?: number;
  method?: 'GET' | 'POST';
  body?: string;
  /** Headers for each request in turn (e.g. a fresh member's cookie per request). */
  nextHeaders?: () => Record<string, string>;
};

export async function measure(
  name: string,
  url: string,
  {
    headers = {},
    duration = Number(process.env.BENCH_SECONDS ?? 8),
    connections = 50,
    method = 'GET',
    body,
    nextHeaders,
  }: MeasureOptions = {},
): Promise<Measurement> {
  const result = await autocannon({
    url,
    headers,
    duration,
    connections,
    method,
    body,
    ...(nextHeaders && {
      requests: [
        {
          method,
          body,
          setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...nextHeaders() } }),
        },
      ],
    }),
  });
  const errors = result.errors + result.non2xx;
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    requests: result.requests.total,
  };
}

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  return rows.map((row) => `| ${row.map((cell, col) => cell.padEnd(widths[col]!)).join(' | ')} |`).join('\n');
}

/**
 * CPU time (user + system, ms) used so far by a process and everything it started (Linux /proc;
 * the app's embedded PostgreSQL included): what a run cost, whatever else shares the machine. A
 * started process that has ended meanwhile (an autovacuum worker, a backend) counts too: its time
 * moved into its parent's cutime and cstime when the parent reaped it. Without them, one ending
 * during a run made the database's CPU per request negative (2026-11-29, 20 s runs).
 */
export function treeCpuMs(rootPid: number): number {
  return cpuOf(rootPid).tree;
}

/** The process's own CPU time (ms) and its tree's (as treeCpuMs): node's part and the rest. */
export function cpuOf(rootPid: number): { own: number; tree: number } {
  const tick = 1000 / 100; // USER_HZ
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => {
      try {
        const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
        // utime and stime (its own), cutime and cstime (its children's that ended and were reaped).
        const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number) as [
          number,
          number,
          number,
          number,
        ];
        return { pid: Number(pid), ppid: Number(fields[1]), cpu: utime + stime, reaped: cutime + cstime };
      } catch {
        return null; // gone meanwhile
      }
    })
    .filter((stat) => stat !== null);
  const tree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const stat of stats)
      if (!tree.has(stat.pid) && tree.has(stat.ppid)) {
        tree.add(stat.pid);
        grew = true;
      }
  }
  return {
    own: (stats.find((stat) => stat.pid === rootPid)?.cpu ?? 0) * tick,
    tree: stats
      .filter((stat) => tree.has(stat.pid))
      .reduce((sum, stat) => sum + (stat.cpu + stat.reaped) * tick, 0),
  };
}
