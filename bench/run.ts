import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureAdminScale } from './admin-scale.ts';
import { measureApi } from './api.ts';
import { BUDGETS, checkLighthouse, missedBudgets, reportBudgets } from './budgets.ts';
import { measureBusinessScale } from './business-scale.ts';
import { measureJobsScale, printJobsScale } from './jobs-scale.ts';
import { cpuOf, freePort, measure, startProcess, stopProcess, table } from './lib.ts';
import { measureBundles, measureLighthouse, serveBlank } from './page-speed.ts';
import { signedInCookie } from './paid-member.ts';
import {
  burnMembers,
  measureBareBroadcast,
  measureBareBroadcastWithSql,
  measureCoachingDelivery,
  type RealtimeResult,
} from './realtime.ts';
import { lighthouseTable, printAdminScale, printBusinessScale, printLiveDelivery } from './tables.ts';

// `npm run bench`: figures as ratios to a bare node:http server measured in the same run.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Bench#2026pass';
/**
 * BENCH_ONLY=api: the member API table alone; BENCH_ONLY=realtime: live delivery alone (only the server is built);
 * BENCH_ONLY=admin: the admin pages at scale alone; BENCH_ONLY=business: the owner's business figures at
 * 1,000,000 members alone (business-scale.ts: BENCH_BUSINESS_MEMBERS, BENCH_BUSINESS_ENGINE, BENCH_BUSINESS_URL); BENCH_ONLY=jobs: the
 * reminders, the weekly summary and the nightly jobs on a seeded database (jobs-scale.ts: BENCH_JOBS_URL, BENCH_JOBS_DUE,
 * BENCH_JOBS_WEEKLY, BENCH_JOBS_PARTS); BENCH_ONLY=pages: page weight and Lighthouse
 * alone; BENCH_ONLY=weight: page weight alone (a minute, for measuring one change to the web app);
 * BENCH_ONLY=program: Lighthouse on the signed-in /program alone, its median of BENCH_RUNS runs (3);
 * BENCH_ONLY=member: Lighthouse (performance and accessibility) on a 1-on-1 Burn member's everyday pages:
 * /, /program, Day 1's session, /progress and /one-on-one, each the median of BENCH_RUNS runs (3);
 * BENCH_MEMBER_PAGES=/,/program: some of them only (while measuring one change);
 * BENCH_LIGHTHOUSE_RUNS: every other page's runs (3), of which the median run is kept.
 * BENCH_LIVE_RUNS: live delivery's runs (1); BENCH_LIVE_TRACE=1: its slowest messages, each run.
 */
const only = process.env.BENCH_ONLY;
const pagesOnly = only === 'pages' || only === 'weight' || only === 'program' || only === 'member';

if (only === 'admin') {
  printAdminScale(await measureAdminScale());
  process.exit(0);
}
if (only === 'jobs') {
  execFileSync('npm', ['run', 'build:server'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  printJobsScale(await measureJobsScale());
  process.exit(0);
}
if (only === 'business') {
  printBusinessScale(await measureBusinessScale());
  process.exit(0);
}

// The web app and the server's bundle are what is measured: build them first, as `npm start` does
// (live delivery alone: the server's bundle only). BENCH_NO_BUILD=1 skips it while iterating on a
// server change already built.
if (!process.env.BENCH_NO_BUILD)
  execFileSync('npm', ['run', only === 'realtime' ? 'build:server' : 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
if (only !== 'realtime' && !pagesOnly) await apiTable();
if (only === 'api') process.exit(0);

async function apiTable() {
  console.log(`\nMember API against a bare Hono + node-postgres server on the same SQL and database`);
  console.log(
    `(autocannon, 50 connections, ${process.env.BENCH_SECONDS ?? 8} s per run, 2 rounds alternating; ${new Date().toISOString()})\n`,
  );
  const api = await measureApi(root);
  console.log(
    table([
      [
        'route',
        'Core28 req/s',
        'reference req/s',
        'ratio',
        'Core28 p50/p99 ms',
        'reference p50/p99 ms',
        'CPU µs/request node + db',
        'reference CPU µs',
        'errors',
      ],
      ...api.map(({ route, app: a, reference: r }) => [
        route,
        a.rps.toFixed(0),
        r.rps.toFixed(0),
        `${(a.rps / r.rps).toFixed(2)}×`,
        `${a.p50} / ${a.p99}`,
        `${r.p50} / ${r.p99}`,
        `${a.nodeUs.toFixed(0)} + ${a.databaseUs.toFixed(0)}`,
        `${r.nodeUs.toFixed(0)} + ${r.databaseUs.toFixed(0)}`,
        `${a.errors} / ${r.errors}`,
      ]),
    ]),
  );
}

/** BENCH_NODE=<node binary>: every server runs on it (the bench itself stays on this Node). */
const serverNode = process.env.BENCH_NODE || process.execPath;
const barePort = await freePort();
const bare = await startProcess(
  serverNode,
  [path.join(root, 'bench/bare-server.mjs')],
  { PORT: String(barePort) },
  `http://127.0.0.1:${barePort}/`,
);

const bareWsPort = await freePort();
const bareWs = await startProcess(
  serverNode,
  [path.join(root, 'bench/bare-ws-server.mjs')],
  { PORT: String(bareWsPort) },
  `http://127.0.0.1:${bareWsPort}/`,
);

const dataDir = await mkdtemp(path.join(tmpdir(), 'core28-bench-'));
const appPort = await freePort();
const base = `http://127.0.0.1:${appPort}`;
// BENCH_PROFILE=<folder>: CPU profiles of this server (app.cpuprofile) and of the bare broadcast
// that writes (writing.cpuprofile), written when they stop.
const profiling = (name: string) =>
  process.env.BENCH_PROFILE
    ? [
        '--cpu-prof',
        `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`,
        `--cpu-prof-name=${name}.cpuprofile`,
      ]
    : [];
const app = await startProcess(
  serverNode,
  // The bundle `npm start` runs (BENCH_APP_ENTRY: another one beside it, as in api.ts).
  [...profiling('app'), path.join(root, 'apps/server/dist', process.env.BENCH_APP_ENTRY || 'main.js')],
  {
    PORT: String(appPort),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: 'false',
  },
  `${base}/api/health`,
);

try {
  if (only === 'realtime') await liveDelivery();
  else await everythingElse();
} finally {
  await stopProcess(bareWs);
  if (app) await stopProcess(app);
  await stopProcess(bare);
  await rm(dataDir, { recursive: true, force: true });
}
// A missed budget fails the bench (process.exitCode alone ended the run with 0 here).
if (missedBudgets.length > 0) process.exit(1);

async function everythingElse() {
  const cookie = await signedInCookie(base);
  if (!pagesOnly) {
    const bareHttp = await measure('bare node:http', `http://127.0.0.1:${barePort}/`);
    console.log(
      `\nFor scale: a bare node:http answer, ${bareHttp.rps.toFixed(0)} req/s (p99 ${bareHttp.p99} ms)`,
    );
    await liveDelivery();
  }

  await pageSpeed(base, cookie);

  if (!pagesOnly) printAdminScale(await measureAdminScale());
  if (!pagesOnly) printBusinessScale(await measureBusinessScale());
}

/** The app's embedded PostgreSQL, as DATA_DIR holds it: for the bare broadcast that writes. */
async function appDatabaseUrl() {
  const { user, password } = JSON.parse(await readFile(path.join(dataDir, 'pg-credentials.json'), 'utf8'));
  const port = (await readFile(path.join(dataDir, 'pg/postmaster.pid'), 'utf8')).split('\n')[3];
  return `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/**
 * BENCH_LIVE_RUNS (1 unless set) runs of the bare broadcast, the bare broadcast writing each
 * message first (on the app's database, for the same members), and the app, in turn.
 */
async function liveDelivery() {
  const runs = Number(process.env.BENCH_LIVE_RUNS ?? 1);
  const origin = `http://localhost:${appPort}`;
  const members = await burnMembers(base, origin);
  const writingPort = await freePort();
  const writing = await startProcess(
    serverNode,
    [...profiling('writing'), path.join(root, 'bench/bare-ws-server.mjs')],
    { PORT: String(writingPort), DATABASE_URL: await appDatabaseUrl() },
    `http://127.0.0.1:${writingPort}/`,
  );
  // Its database's CPU is the app's PostgreSQL's (the app's tree but its own process).
  const writingCpu = () => {
    const own = cpuOf(writing.pid!).own;
    const database = cpuOf(app.pid!);
    return { own, tree: own + database.tree - database.own };
  };
  const live: RealtimeResult[] = [];
  let appStarted = 0;
  try {
    for (let run = 0; run < runs; run++) {
      // A member may send 10 messages a minute (coaching's throttle): a run sends each member 10.
      live.push(await measureBareBroadcast(bareWsPort, () => cpuOf(bareWs.pid!)));
      live.push(await measureBareBroadcastWithSql(writingPort, members, writingCpu));
      const wait = appStarted + 61_000 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      appStarted = Date.now();
      live.push(await measureCoachingDelivery(base, origin, members, () => cpuOf(app.pid!)));
    }
  } finally {
    await stopProcess(writing);
  }
  printLiveDelivery(live);
}

/** Page weight and Lighthouse (mobile), the app against a blank Vite + React page. */
async function pageSpeed(testBase: string, cookie: string) {
  const blank = await serveBlank(root);
  const prodDir = await mkdtemp(path.join(tmpdir(), 'core28-bench-prod-'));
  const prodPort = await freePort();
  const prodBase = `http://127.0.0.1:${prodPort}`;
  const prod = await startProcess(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'apps/server/src/main.ts')],
    {
      PORT: String(prodPort),
      DATA_DIR: prodDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: prodBase,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ADMIN_EMAIL: 'coach@bench.example',
      ADMIN_PASSWORD: PASSWORD,
      MAIL_FROM: 'Core28 <hello@bench.example>',
      // One box on its embedded database; the pages measured send no mail (a relay nobody runs).
      EMBEDDED_DB: 'true',
      SMTP_URL: 'smtp://127.0.0.1:9',
    },
    `${prodBase}/api/health`,
  );
  try {
    const { articles } = (await (await fetch(`${prodBase}/api/blog/articles`)).json()) as {
      articles: { slug: string }[];
    };
    const slug = articles[0]!.slug;
    if (only === 'member') {
      // A member of the dearest plan, so /one-on-one is theirs too; signed in, service worker installed.
      const member = await signedInCookie(testBase, 'burn-monthly');
      const scores = await measureLighthouse(
        [
          // The same run's reference: what this host's Lighthouse makes of an empty React page.
          { name: 'blank Vite + React', url: blank.url },
          ...(
            process.env.BENCH_MEMBER_PAGES?.split(',') ?? [
              '/',
              '/program',
              '/program/day/1/session',
              '/progress',
              '/one-on-one',
            ]
          ).map((p) => ({
            name: `${p} (member, service worker)`,
            url: `${testBase}${p}`,
            cookie: member,
          })),
        ],
        Number(process.env.BENCH_RUNS ?? 3),
      );
      checkLighthouse(scores);
      console.log(lighthouseTable(scores));
      return reportBudgets();
    }
    if (only === 'program') {
      const scores = await measureLighthouse(
        [{ name: '/program (signed in, service worker)', url: `${testBase}/program`, cookie }],
        Number(process.env.BENCH_RUNS ?? 3),
      );
      checkLighthouse(scores);
      console.log(lighthouseTable(scores));
      return reportBudgets();
    }
    const bundles = await measureBundles([
      { name: 'blank Vite + React', url: blank.url },
      { name: '/', url: `${prodBase}/` },
      { name: '/blog', url: `${prodBase}/blog` },
      { name: '/subscription', url: `${prodBase}/subscription` },
      { name: '/program (signed in)', url: `${testBase}/program`, cookie },
    ]);
    console.log(
      '\nJavaScript and CSS each page loads (gzip bytes; budget: initial JS for / at most 120 KB),\nand the JavaScript as the server sent it (brotli, precompressed at build)\n',
    );
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      table([
        ['page', 'JS gzip', 'CSS gzip', 'JS sent'],
        ...bundles.map((b) => [b.page, kb(b.js), kb(b.css), kb(b.jsSent)]),
      ]),
    );

    const landing = bundles.find((b) => b.page === '/');
    if (landing && landing.js > BUDGETS.rootJsBytes)
      missedBudgets.push(`/: initial JS ${kb(landing.js)} gzip (budget ${kb(BUDGETS.rootJsBytes)})`);
    if (only === 'weight') return reportBudgets();
    const scores = await measureLighthouse([
      { name: 'blank Vite + React', url: blank.url },
      { name: '/', url: `${prodBase}/` },
      { name: `/blog/${slug}`, url: `${prodBase}/blog/${slug}` },
      { name: '/subscription', url: `${prodBase}/subscription` },
      // Signed in, the service worker installed by a first visit
      { name: '/program (signed in, service worker)', url: `${testBase}/program`, cookie },
    ]);
    checkLighthouse(scores);
    console.log(
      "\nLighthouse, mobile (production server; budgets: performance 95+, 90+ signed in, CLS under 0.05;\nthe median of each page's runs, every run's score beside it)\n",
    );
    console.log(lighthouseTable(scores));
    reportBudgets();
  } finally {
    await stopProcess(prod);
    await blank.close();
    await rm(prodDir, { recursive: true, force: true });
  }
}
