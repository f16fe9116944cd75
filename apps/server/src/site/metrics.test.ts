import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { SCHEDULES } from '../jobs.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { MAIL_POLICY, MAIL_QUEUE } from '../platform/mail/outbox.ts';
import { createMetrics } from '../platform/metrics/metrics.ts';
import { createTestApp, json, type TestApp } from '../testing/harness.ts';
import { makeRetriesDue } from '../testing/jobs.ts';

// /metrics in Prometheus text behind a bearer token.

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.request('/metrics', { headers: authorization ? { authorization } : {} });

  it('refuses a request without the token, or with a wrong one', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token',
      `Basic ${TOKEN}`,
      TOKEN,
      `Bearer ${TOKEN}x`,
    ]) {
      const res = await scrape(authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect((await json(res)).error.code).toBe('UNAUTHORIZED');
    }
  });

  it('shows the requests made, by route pattern and status, and their latency', async () => {
    await t.request('/api/blog/articles/no-such-article');
    await t.request('/api/blog/articles/another-missing-one');
    await t.request('/api/health');
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    // One series for both slugs: the pattern, never the raw path.
    expect(text).toContain(
      'core28_http_requests_total{method="GET",route="/api/blog/articles/:slug",status="404"} 2',
    );
    expect(text).toContain('core28_http_requests_total{method="GET",route="/api/health",status="200"} 1');
    expect(text).not.toContain('no-such-article');
    expect(text).toMatch(
      /core28_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1/,
    );
    // The refused scrapes above were counted too.
    expect(text).toContain('core28_http_requests_total{method="GET",route="/metrics",status="401"} 5');
  });

  it('shows the jobs and the mail by queue', async () => {
    await t.request('/api/contact', { json: { name: 'Mia', email: 'mia@example.com', message: 'Hello' } });
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(before).toContain('core28_jobs_queued{queue="mail-send"} 1');
    expect(before).toContain('core28_mail_pending 1');
    await t.drainJobs();
    const after = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(after).toContain('core28_jobs_completed_total{queue="mail-send"} 1');
    expect(after).toContain('core28_mail_sent_total 1');
    expect(after).toContain('core28_mail_pending 0');
    expect(after).not.toContain('core28_jobs_queued{queue="mail-send"}');
    // The pool gauges exist only on PostgreSQL (PGlite has no pool): checked on CI's PostgreSQL
    // run (.ci/run sets TEST_DATABASE_URL), skipped on PGlite.
    if (t.database.poolStats) {
      expect(after).toMatch(/^core28_db_pool_in_use \d+$/m);
      expect(after).toMatch(/^core28_db_pool_waiting \d+$/m);
    }
  });

  it("shows the realtime hub's open sockets and events delivered", async () => {
    const server = await t.listen();
    try {
      const text = await (await scrape(`Bearer ${TOKEN}`)).text();
      expect(text).toMatch(/^core28_realtime_open_sockets 0$/m);
      expect(text).toMatch(/^core28_realtime_events_delivered_total 0$/m);
    } finally {
      await server.close();
    }
  });

  it('takes gauges other parts register', async () => {
    let sockets = 3;
    t.deps.metrics.registerGauge({
      name: 'core28_test_open_sockets',
      help: 'test',
      read: () => sockets,
    });
    t.deps.metrics.registerCounter({
      name: 'core28_test_events_delivered_total',
      help: 'test',
      read: () => 41,
    });
    sockets = 4;
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(text).toContain('core28_test_open_sockets 4');
    expect(text).toContain('core28_test_events_delivered_total 41');
  });
});

describe('/metrics with a relay that refuses every mail', () => {
  // The alerts in docs/operations.md ("mail given up", "jobs failing") read exactly these series.
  let release = () => {};
  let sends = 0;
  const refusingMailer: Mailer = {
    kind: 'smtp',
    async send() {
      // The first attempt waits until the test has scraped it as running.
      if (sends++ === 0) await new Promise<void>((resolve) => (release = resolve));
      throw new Error('Service not available, try again later');
    },
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, mailer: refusingMailer });
  });
  afterAll(() => t.close());

  const scrape = async () =>
    (await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  /** The value of one series (name with its labels, as Prometheus prints them), or undefined. */
  const series = (text: string, name: string) =>
    text
      .split('\n')
      .find((line) => line.startsWith(`${name} `))
      ?.slice(name.length + 1);

  it('shows the running job, each retried run, the final failure and the mail given up', async () => {
    await t.request('/api/contact', { json: { name: 'Ann', email: 'ann@example.com', message: 'Hello' } });
    const draining = t.drainJobs();
    await expect.poll(() => sends).toBe(1);
    expect(series(await scrape(), 'core28_jobs_active{queue="mail-send"}')).toBe('1');
    release();
    await draining;
    const afterFirst = await scrape();
    expect(afterFirst).not.toContain('core28_jobs_active{queue="mail-send"}');
    expect(series(afterFirst, 'core28_jobs_retried_total{queue="mail-send"}')).toBe('1');
    expect(series(afterFirst, 'core28_mail_failed_total{final="false"}')).toBe('1');
    expect(series(afterFirst, 'core28_mail_failed_total{final="true"}')).toBe('0');
    expect(series(afterFirst, 'core28_jobs_failed_total{queue="mail-send"}')).toBe('0');

    const retries = MAIL_POLICY.retryLimit!;
    for (let attempt = 1; attempt <= retries; attempt++) {
      await makeRetriesDue(t.database.executeSql);
      expect(await t.drainJobs()).toBe(1);
    }
    const text = await scrape();
    expect(sends).toBe(retries + 1);
    expect(series(text, `core28_jobs_retried_total{queue="${MAIL_QUEUE}"}`)).toBe(String(retries));
    expect(series(text, `core28_jobs_failed_total{queue="${MAIL_QUEUE}"}`)).toBe('1');
    expect(series(text, 'core28_mail_failed_total{final="false"}')).toBe(String(retries));
    expect(series(text, 'core28_mail_failed_total{final="true"}')).toBe('1');
    expect(series(text, 'core28_mail_sent_total')).toBe('0');
  });
});

describe('/metrics before anything failed', () => {
  // An alert on increase(core28_…_failed_total[1h]) > 0 needs a sample before the first failure:
  // a series that appears at 1 has none, and the first failure goes unseen.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async (app: { request: TestApp['app']['request'] }) =>
    (await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();

  it('shows every failure counter at 0 for each queue and outcome it knows', async () => {
    const text = await scrape(t.app);
    expect(text).toMatch(/^core28_mail_failed_total\{final="true"\} 0$/m);
    expect(text).toMatch(/^core28_mail_failed_total\{final="false"\} 0$/m);
    for (const queue of [MAIL_QUEUE, ...Object.keys(SCHEDULES)])
      for (const outcome of ['failed', 'retried', 'completed'])
        expect(text, `${outcome} ${queue}`).toMatch(
          new RegExp(`^core28_jobs_${outcome}_total\\{queue="${queue}"\\} 0$`, 'm'),
        );
  });

  it("names the process's metrics as prom-client does, and no gauge like a counter", async () => {
    const server = await t.listen(); // the realtime hub's metrics are registered with it
    await server.close();
    const withProcess = createApp({ ...t.deps, metrics: createMetrics({ withProcessMetrics: true }) });
    const texts = [await scrape(t.app), await scrape(withProcess)];
    const processText = texts[1]!;
    expect(processText).toMatch(/^process_cpu_user_seconds_total \S+$/m);
    expect(processText).toMatch(/^# TYPE process_resident_memory_bytes gauge$/m);
    expect(processText).toMatch(/^# TYPE nodejs_eventloop_lag_p99_seconds gauge$/m);
    expect(processText).toMatch(/^nodejs_active_handles\{type="\w+"\} \d+$/m);
    expect(processText).not.toMatch(/core28_(process|nodejs)_/);
    for (const text of texts) {
      const gauges = [...text.matchAll(/^# TYPE (\S+) gauge$/gm)].map(([, name]) => name);
      expect(gauges.length).toBeGreaterThan(0);
      expect(gauges.filter((name) => name!.endsWith('_total'))).toEqual([]);
    }
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('does not exist', async () => {
    const t = await createTestApp();
    try {
      const res = await t.request('/metrics', { headers: { authorization: 'Bearer anything-at-all' } });
      expect(res.status).toBe(404);
      expect((await json(res)).error.code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });
});
