import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

// issue 9 page speed: what each page loads (gzip) and Lighthouse's mobile figures, next to a
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
export type Lighthouse = { page: string; score: number; lcp: number; tbt: number; cls: number };

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
 * Issue 21: a member's page as a member sees it day to day: signed in (the cookie in the
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

/** Lighthouse's default mobile run (simulated slow 4G, 4× CPU slowdown), performance only. */
export async function measureLighthouse(pages: LighthousePage[]): Promise<Lighthouse[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  const results: Lighthouse[] = [];
  try {
    for (const page of pages) {
      if (page.cookie) await installForMember(chrome.port, page);
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: Boolean(page.cookie),
      });
      const lhr = result!.lhr;
      if (lhr.runtimeError || lhr.audits['http-status-code']?.score === 0)
        throw new Error(
          `${page.name}: Lighthouse could not load ${page.url} (${lhr.runtimeError?.message ?? 'not 200'})`,
        );
      if (process.env.BENCH_DEBUG) {
        for (const id of [
          'bootup-time',
          'long-tasks',
          'largest-contentful-paint-element',
          'network-requests',
          'dom-size',
          'mainthread-work-breakdown',
        ])
          console.log('  ', page.name, id, String(JSON.stringify(lhr.audits[id]?.details)).slice(0, 3000));
      }
      results.push({
        page: page.name,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
        tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
        cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN) * 1000) / 1000,
      });
    }
  } finally {
    chrome.kill();
  }
  return results;
}
