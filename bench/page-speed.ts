import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

// Page speed: what each page loads (gzip) and Lighthouse's mobile figures, next to a
// blank Vite + React page built and served in the same run.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
];

/** gzip sizes (the budget's measure), and the JavaScript's bytes as the server sent them. */
export type Bundle = { page: string; js: number; css: number; jsSent: number };
/** The median run's figures (Lighthouse's `computeMedianRun`), and the scores of every run. */
export type Lighthouse = {
  page: string;
  score: number;
  /** Lighthouse's accessibility score of the median run (0-100), and the audits it failed. */
  accessibility: number;
  failedAccessibility: string[];
  lcp: number;
  tbt: number;
  cls: number;
  scores: number[];
  /** Lighthouse's measure of the host's CPU (its `benchmarkIndex`), the median over the runs. */
  hostIndex: number;
  /** The CPU slowdown the runs simulated. */
  slowdown: number;
};

/** Builds bench/blank and serves it gzip'ed with long-cache headers, like the app's assets. */
export async function serveBlank(root: string) {
  const dir = path.join(root, 'bench/blank');
  const build = spawnSync(
    path.join(root, 'node_modules/.bin/vite'),
    ['build', '--config', path.join(dir, 'vite.config.ts')],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`blank page build failed:\n${build.stderr}`);
  const dist = path.join(dir, 'dist');
  const server = createServer(async (req, res) => {
    const file = req.url === '/' || !req.url ? 'index.html' : req.url.split('?')[0]!.slice(1);
    const body = await readFile(path.join(dist, file)).catch(() => null);
    if (!body) return res.writeHead(404).end();
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
    res.writeHead(200, {
      'content-type': `${type}; charset=utf-8`,
      'content-encoding': 'gzip',
      'cache-control': file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(gzipSync(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The gzip size of every script and stylesheet a page loads, after it has settled. */
export async function measureBundles(
  pages: { name: string; url: string; cookie?: string }[],
): Promise<Bundle[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS.slice(1) });
  const results: Bundle[] = [];
  try {
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      if (page.cookie) {
        const url = new URL(page.url);
        await context.addCookies(
          page.cookie.split('; ').map((pair) => {
            const [name, ...value] = pair.split('=');
            return { name: name!, value: value.join('='), domain: url.hostname, path: '/' };
          }),
        );
      }
      const tab = await context.newPage();
      const bodies: Promise<{ kind: 'js' | 'css'; size: number; sent: number; url: string }>[] = [];
      tab.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        bodies.push(
          Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => ({
            kind: type === 'script' ? 'js' : 'css',
            size: gzipSync(body).length,
            sent: sizes.responseBodySize,
            url: response.url(),
          })),
        );
      });
      const response = await tab.goto(page.url, { waitUntil: 'networkidle' });
      // A page that is not there (e.g. the web app not built: 503) must not read as 0 KB.
      if (response?.status() !== 200)
        throw new Error(`${page.name}: ${page.url} answered ${response?.status()}`);
      const loaded = await Promise.all(bodies);
      if (process.env.BENCH_DEBUG)
        for (const b of loaded.toSorted((x, y) => y.size - x.size))
          console.log('  ', page.name, (b.size / 1024).toFixed(1).padStart(6), 'KB', new URL(b.url).pathname);
      const sum = (kind: 'js' | 'css', size: 'size' | 'sent' = 'size') =>
        loaded.filter((b) => b.kind === kind).reduce((n, b) => n + b[size], 0);
      results.push({ page: page.name, js: sum('js'), css: sum('css'), jsSent: sum('js', 'sent') });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

type LighthousePage = { name: string; url: string; cookie?: string };

/**
 * A member's page as a member sees it day to day: signed in (the cookie in the
 * browser's own jar, so the service worker's requests carry it too) and with the service worker
 * installed by a first visit. Lighthouse then keeps the browser's storage instead of clearing it.
 */
async function installForMember(port: number, page: LighthousePage) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const url = new URL(page.url);
    await context.addCookies(
      page.cookie!.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), domain: url.hostname, path: '/' };
      }),
    );
    const tab = await context.newPage();
    await tab.goto(page.url, { waitUntil: 'networkidle' });
    await tab.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await tab.close();
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse's own failures to record a page load's trace, for which its message is "Please run
 * Lighthouse again" (its lh-error.js): they say nothing about the page, so the page is measured
 * again, up to twice. Any other failure (the page did not load, or not with a 200) stops the bench.
 */
const TRACE_NOT_RECORDED = new Set(['NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST', 'NO_NAVSTART', 'NO_DCL']);

async function lighthouseRun(port: number, page: LighthousePage, triesLeft = 2) {
  const { lhr } = (await lighthouse(page.url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: Boolean(page.cookie),
  }))!;
  const code = lhr.runtimeError?.code;
  if (!code || !TRACE_NOT_RECORDED.has(code) || triesLeft === 0) return lhr;
  console.log(`  ${page.name}: Lighthouse did not record the trace (${code}); measuring it again`);
  return lighthouseRun(port, page, triesLeft - 1);
}

/**
 * A page's score moves by 5–10 points from one Lighthouse run to the next on this shared VM (its
 * Total Blocking Time is simulated from the main thread's observed tasks, so it grows with the
 * machine's load). Lighthouse's advice (docs/variability.md) is to run it several times and take
 * the median run, which `computeMedianRun` picks (the run closest to the median FCP and TTI).
 */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]!);
};

/** Lighthouse's default mobile run (simulated slow 4G, 4× CPU slowdown), performance and accessibility. */
export async function measureLighthouse(
  pages: LighthousePage[],
  runs = LIGHTHOUSE_RUNS,
): Promise<Lighthouse[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const results: Lighthouse[] = [];
  const scoreOf = (lhr: { categories: { performance?: { score: number | null } } }) =>
    Math.round((lhr.categories.performance?.score ?? 0) * 100);
  try {
    for (const page of pages) {
      if (page.cookie) await installForMember(chrome.port, page);
      const lhrs = [];
      for (let run = 0; run < runs; run++) {
        const lhr = await lighthouseRun(chrome.port, page);
        if (lhr.runtimeError || lhr.audits['http-status-code']?.score === 0)
          throw new Error(
            `${page.name}: Lighthouse could not load ${page.url} (${lhr.runtimeError?.message ?? 'not 200'})`,
          );
        lhrs.push(lhr);
      }
      const lhr = computeMedianRun(lhrs);
      if (process.env.BENCH_DEBUG) {
        // Lighthouse 13 replaced largest-contentful-paint-element and dom-size by its performance
        // insights (the same findings as Chrome's Performance panel).
        for (const id of [
          'bootup-time',
          'long-tasks',
          'lcp-breakdown-insight',
          'network-requests',
          'dom-size-insight',
          'mainthread-work-breakdown',
        ])
          console.log('  ', page.name, id, String(JSON.stringify(lhr.audits[id]?.details)).slice(0, 3000));
      }
      results.push({
        page: page.name,
        score: scoreOf(lhr),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        failedAccessibility: (lhr.categories.accessibility?.auditRefs ?? [])
          .filter((ref: { id: string; weight: number }) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
          .map((ref: { id: string }) => ref.id),
        lcp: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
        tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
        cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN) * 1000) / 1000,
        scores: lhrs.map(scoreOf),
        hostIndex: median(lhrs.map((l) => l.environment.benchmarkIndex)),
        slowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
