import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

// What /metrics shows (Prometheus text, prom-client). One registry per app instance, held in
// Deps (never prom-client's global one), so each test app counts only its own requests.

type Labels = Record<string, string>;
/** A value read at each scrape: one number, or one per set of labels. */
type Reading = number | { labels: Labels; value: number }[];

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics({ withProcessMetrics = false }: { withProcessMetrics?: boolean } = {}) {
  const registry = new Registry();
  // CPU, memory, event-loop lag, GC: only for a real server (their observers live for the process).
  // Under prom-client's own names (`process_*`, `nodejs_*`), the ones stock dashboards read.
  if (withProcessMetrics) {
    collectDefaultMetrics({ register: registry });
    // Less three gauges named like counters (`_total`, which Prometheus's naming rules keep for
    // counters; `promtool check metrics` refuses them): each repeats the sum of its by-type gauge
    // (`sum(nodejs_active_handles)`), and any other name would be one no dashboard knows either.
    for (const name of [
      'nodejs_active_handles_total',
      'nodejs_active_requests_total',
      'nodejs_active_resources_total',
    ])
      registry.removeSingleMetric(name);
  }
  const registers = [registry];

  const httpLabels = ['method', 'route', 'status'] as const;
  const httpSeconds = new Histogram({
    name: 'core28_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: httpLabels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  // Each method, route pattern and status's series, found by one string (prom-client's
  // observe(labels, …) checks, sorts and hashes the labels on every request). Bounded: a route is a
  // pattern, never a raw path, and Node's parser knows a fixed set of methods.
  const httpSeries = new Map<string, ReturnType<typeof httpSeconds.labels>>();
  // The histogram's own count, also under the name dashboards know: read at each scrape rather
  // than counted again on every request.
  new Counter({
    name: 'core28_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: httpLabels,
    registers,
    async collect() {
      const { values } = await httpSeconds.get();
      this.reset();
      for (const { metricName, labels, value } of values)
        if (metricName === 'core28_http_request_duration_seconds_count') this.inc(labels, value);
    },
  });
  const jobs = {
    completed: new Counter({
      name: 'core28_jobs_completed_total',
      help: 'Jobs this instance ran to completion, by queue',
      labelNames: ['queue'],
      registers,
    }),
    retried: new Counter({
      name: 'core28_jobs_retried_total',
      help: 'Job runs on this instance that failed and will be retried, by queue',
      labelNames: ['queue'],
      registers,
    }),
    failed: new Counter({
      name: 'core28_jobs_failed_total',
      help: 'Jobs that failed their last attempt on this instance (kept as failed), by queue',
      labelNames: ['queue'],
      registers,
    }),
  };
  const mailSent = new Counter({
    name: 'core28_mail_sent_total',
    help: 'E-mails handed to the relay',
    registers,
  });
  const mailFailed = new Counter({
    name: 'core28_mail_failed_total',
    help: 'E-mail attempts the relay refused or that timed out; final="true" when no retry is left',
    labelNames: ['final'],
    registers,
  });
  // A labelled series exists only once counted: one born at 1 has no earlier sample, so an alert
  // on increase(…) > 0 never sees the first failure. Each known series starts at 0.
  for (const final of ['true', 'false']) mailFailed.inc({ final }, 0);

  /**
   * A gauge read at each scrape. The hook for other parts of the server: e.g. the realtime hub's
   * `core28_realtime_open_sockets` (server.ts).
   */
  function registerGauge(opts: {
    name: string;
    help: string;
    labelNames?: string[];
    read: () => Reading | Promise<Reading>;
  }) {
    registry.removeSingleMetric(opts.name); // registered again by a server started anew (tests)
    new Gauge({
      name: opts.name,
      help: opts.help,
      labelNames: opts.labelNames ?? [],
      registers,
      async collect() {
        const reading = await opts.read();
        this.reset();
        if (typeof reading === 'number') this.set(reading);
        else for (const { labels, value } of reading) this.set(labels, value);
      },
    });
  }

  /**
   * A counter whose running total another part keeps, read at each scrape: e.g. the realtime
   * hub's `core28_realtime_events_delivered_total` (server.ts).
   */
  function registerCounter(opts: { name: string; help: string; read: () => number | Promise<number> }) {
    registry.removeSingleMetric(opts.name);
    new Counter({
      name: opts.name,
      help: opts.help,
      registers,
      async collect() {
        const total = await opts.read();
        this.reset();
        this.inc(total);
      },
    });
  }

  return {
    registry,
    registerGauge,
    registerCounter,
    observeRequest(
      { method, route, status }: { method: string; route: string; status: number },
      seconds: number,
    ) {
      const key = `${method} ${status} ${route}`;
      let series = httpSeries.get(key);
      if (!series) {
        series = httpSeconds.labels(method, route, String(status));
        httpSeries.set(key, series);
      }
      series.observe(seconds);
    },
    jobOutcome(queue: string, outcome: 'completed' | 'retried' | 'failed') {
      jobs[outcome].inc({ queue });
    },
    /** A queue this instance works: its outcome counters start at 0 (see mailFailed above). */
    countJobsOf(queue: string) {
      for (const counter of Object.values(jobs)) counter.inc({ queue }, 0);
    },
    mailSent: () => mailSent.inc(),
    mailFailed: (isFinal: boolean) => mailFailed.inc({ final: String(isFinal) }),
  };
}
