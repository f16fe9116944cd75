import { createHmac } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@core28/server/platform/db/embedded';
import pg from 'pg';
import pino from 'pino';
import {
  freePort,
  type Measurement,
  type MeasureOptions,
  measure,
  startProcess,
  stopProcess,
  treeCpuMs,
} from './lib.ts';

// The member API against a bare Hono + node-postgres server (reference-server.mjs)
// running the same SQL on the same embedded PostgreSQL. The app is `npm start`'s server
// (apps/server/dist/main.js, production, request logs at info to a file); members are rows made
// here with SQL (sign-ups would measure argon2), their cookies signed as better-auth signs them.
// As in production, a better-auth endpoint runs once in the app before anything is measured: it
// runs an AsyncLocalStorage, after which every promise costs more on Node 20 (decision 0019).
// BENCH_NODE=<node binary>: both servers run on it (the bench itself stays on this Node).
// BENCH_APP_ENTRY=<file in apps/server/dist>: the app's bundle to run instead of main.js, for a
// before/after of one change in the same run of the machine (a bundle built from the commit before).

const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const ADMIN = { email: 'coach@bench.example', password: 'Bench#2026pass' };
/** Fresh members for each POST /api/program/complete run: each request completes day 1 once. */
const FRESH_PER_RUN = 40_000;

/** A side's run, with the CPU it cost per request: its node process and the database's. */
export type Costed = Measurement & { nodeUs: number; databaseUs: number };
export type ApiRow = { route: string; app: Costed; reference: Costed };

const cookieOf = (token: string) =>
  `core28.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', SECRET).update(token).digest('base64')}`)}`;

const serverNode = process.env.BENCH_NODE || process.execPath;
const appEntry = process.env.BENCH_APP_ENTRY || 'main.js';

const profiling = (name: string) =>
  process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, `--cpu-prof-name=${name}.cpuprofile`]
    : [];

export async function measureApi(root: string, rounds = 2): Promise<ApiRow[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'core28-bench-api-'));
  await chmod(dir, 0o755); // PostgreSQL runs as its own user when we are root
  const database = await startEmbeddedPostgres(path.join(dir, 'db'), pino({ level: 'silent' }));
  const logFile = openSync(path.join(dir, 'requests.log'), 'a');
  const appPort = await freePort();
  const app = `http://127.0.0.1:${appPort}`;
  const refPort = await freePort();
  const ref = `http://127.0.0.1:${refPort}`;
  const children = [];
  try {
    children.push(
      await startProcess(
        serverNode,
        // BENCH_PROFILE=<folder>: each server's CPU profile, written there when it stops.
        [...profiling('app'), path.join(root, 'apps/server/dist', appEntry)],
        {
          NODE_ENV: 'production',
          PORT: String(appPort),
          DATA_DIR: path.join(dir, 'app'),
          DATABASE_URL: database.url,
          PUBLIC_URL: app,
          AUTH_SECRET: SECRET,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          MAIL_FROM: 'Core28 <hello@bench.example>',
          SMTP_URL: 'smtp://127.0.0.1:9', // no mail is sent by the routes measured
          LOG_LEVEL: 'info',
        },
        `${app}/api/ready`,
        logFile,
      ),
    );
    await signInOnce(app);
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    const member = await makeMembers(sql, 'bench-m', 1, 10);
    const fresh = {
      app: await makeMembers(sql, 'bench-a', rounds * FRESH_PER_RUN, 0),
      reference: await makeMembers(sql, 'bench-r', rounds * FRESH_PER_RUN, 0),
    };
    // As autovacuum leaves a live database: statistics for the planner, and no vacuum of the load's
    // rows running (and counted as PostgreSQL's CPU) during the first route's runs.
    await sql.query('vacuum analyze');
    await sql.end();
    children.push(
      await startProcess(
        serverNode,
        [...profiling('reference'), path.join(root, 'bench/reference-server.mjs')],
        { PORT: String(refPort), DATABASE_URL: database.url, AUTH_SECRET: SECRET },
        `${ref}/api/health`,
      ),
    );

    const cookie = cookieOf(member[0]!);
    const routes: {
      route: string;
      path: string;
      /** The reference's own path for it, when not `path`. */
      referencePath?: string;
      options: (side: 'app' | 'reference') => MeasureOptions;
    }[] = [
      { route: 'GET /api/health', path: '/api/health', options: () => ({}) },
      // The control: what the probe's answer itself costs (its request id, security headers and
      // no-store), sent by the reference too.
      {
        route: 'GET /api/health, the reference with the same answer',
        path: '/api/health',
        referencePath: '/api/health-as-app',
        options: () => ({}),
      },
      { route: 'GET /api/me', path: '/api/me', options: () => ({ headers: { cookie } }) },
      { route: 'GET /api/program', path: '/api/program', options: () => ({ headers: { cookie } }) },
      // As every browser asks (autocannon sends no Accept-Encoding): both sides gzip it at once.
      {
        route: 'GET /api/program, gzip as a browser asks',
        path: '/api/program',
        options: () => ({ headers: { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' } }),
      },
      {
        route: 'POST /api/program/complete (fresh members)',
        path: '/api/program/complete',
        options: (side) => {
          const tokens = fresh[side];
          return {
            method: 'POST',
            body: '{"day":1}',
            headers: { 'content-type': 'application/json', origin: side === 'app' ? app : ref },
            nextHeaders: () => {
              const token = tokens.pop();
              if (!token) throw new Error('out of fresh members: raise FRESH_PER_RUN');
              return { cookie: cookieOf(token) };
            },
          };
        },
      },
    ];
    // BENCH_ROUTES=complete or =health,me: only the routes whose name contains one of them
    // (case-insensitive).
    const wanted = process.env.BENCH_ROUTES?.toLowerCase().split(',');
    const measured = wanted
      ? routes.filter((r) => wanted.some((part) => r.route.toLowerCase().includes(part)))
      : routes;
    if (process.env.BENCH_DEBUG) console.log(`database: ${database.url}`);
    // CPU per request, which a busy machine changes far less than req/s: the server's node process
    // and PostgreSQL's (the postmaster and its backends; the other side's sit idle meanwhile).
    const postmaster = Number(
      (await readFile(path.join(dir, 'db', 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    const costed = async (pid: number, ...args: Parameters<typeof measure>): Promise<Costed> => {
      const before = { node: treeCpuMs(pid), database: treeCpuMs(postmaster) };
      const run = await measure(...args);
      const perRequest = (ms: number) => (ms * 1000) / Math.max(1, run.requests);
      return {
        ...run,
        nodeUs: perRequest(treeCpuMs(pid) - before.node),
        databaseUs: perRequest(treeCpuMs(postmaster) - before.database),
      };
    };
    const rows = new Map<string, { app: Costed[]; reference: Costed[] }>();
    for (let round = 0; round < rounds; round++) {
      for (const route of measured) {
        const row = rows.get(route.route) ?? { app: [], reference: [] };
        rows.set(route.route, row);
        // Alternately, so a slower moment of the machine falls on both.
        row.app.push(await costed(children[0]!.pid!, 'app', app + route.path, route.options('app')));
        row.reference.push(
          await costed(
            children[1]!.pid!,
            'reference',
            ref + (route.referencePath ?? route.path),
            route.options('reference'),
          ),
        );
      }
    }
    return [...rows].map(([route, { app: a, reference: r }]) => ({
      route,
      app: averaged(a),
      reference: averaged(r),
    }));
  } finally {
    for (const child of children.reverse()) await stopProcess(child);
    closeSync(logFile);
    await database.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The admin signs in by better-auth's own endpoint, as some member will in production. */
async function signInOnce(app: string) {
  const answer = await fetch(`${app}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!answer.ok) throw new Error(`bench sign-in: ${answer.status} ${await answer.text()}`);
}

/** Mean req/s, CPU per request and error count; the worse of the rounds' latencies. */
function averaged(runs: Costed[]): Costed {
  const mean = (of: (r: Costed) => number) => runs.reduce((n, r) => n + of(r), 0) / runs.length;
  return {
    name: runs[0]!.name,
    rps: mean((r) => r.rps),
    p50: Math.max(...runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    requests: runs.reduce((n, r) => n + r.requests, 0),
    nodeUs: mean((r) => r.nodeUs),
    databaseUs: mean((r) => r.databaseUs),
  };
}

/**
 * `count` confirmed members registered `daysAgo` days ago, each signed in (a session valid for 30
 * days, its daily refresh not due), with that many days completed, results and wellness logged.
 * Returns their session tokens.
 */
async function makeMembers(sql: pg.Client, prefix: string, count: number, daysAgo: number) {
  await sql.query('begin');
  await sql.query(
    `insert into users (id, name, email, email_verified)
       select $1 || g, 'Bench', $1 || g || '@bench.example', true from generate_series(1, $2) g`,
    [prefix, count],
  );
  await sql.query(
    `insert into profiles (user_id, registration_date)
       select $1 || g, now() - make_interval(days => $3) from generate_series(1, $2) g`,
    [prefix, count, daysAgo],
  );
  await sql.query(
    `insert into sessions (id, token, user_id, expires_at)
       select $1 || 's' || g, $1 || 't' || g, $1 || g, now() + interval '30 days' from generate_series(1, $2) g`,
    [prefix, count],
  );
  if (daysAgo > 0) {
    for (const table of ['workout_completions', 'exercise_progress', 'wellness_tracking']) {
      const columns =
        table === 'workout_completions'
          ? ['completed_at', `now() - make_interval(days => $3 - d)`]
          : table === 'exercise_progress'
            ? ['total_time_seconds, repetitions_completed', '600, 40']
            : ['feeling_rating, energy_level', '4, 3'];
      // Each member's round 1 (made with the profile), named here: a row-by-row lookup otherwise.
      const program = table === 'exercise_progress' ? '' : ', program_id';
      await sql.query(
        `insert into ${table} (user_id, round_id${program}, day_number, ${columns[0]})
           select r.user_id, r.id${program ? ', r.program_id' : ''}, d, ${columns[1]}
           from rounds r, generate_series(1, $3) d
           where r.user_id in (select $1 || g from generate_series(1, $2) g) and r.number = 1`,
        [prefix, count, daysAgo],
      );
    }
  }
  await sql.query('commit');
  return Array.from({ length: count }, (_, i) => `${prefix}t${i + 1}`);
}
