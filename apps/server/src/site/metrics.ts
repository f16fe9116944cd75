import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { AppError } from '../errors.ts';
import { countPendingMail } from '../platform/mail/outbox.ts';

// /metrics in Prometheus text for the operator's scraper, behind
// `Authorization: Bearer $METRICS_TOKEN`; without METRICS_TOKEN there is no such page.

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time (both sides hashed to the same length first). */
function isToken(header: string | undefined, token: string) {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

export const metricsRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { config, metrics } = c.get('deps');
  if (!config.metricsToken) throw new AppError('NOT_FOUND', 'Not found');
  if (!isToken(c.req.header('authorization'), config.metricsToken)) {
    c.header('WWW-Authenticate', 'Bearer realm="metrics"');
    throw new AppError('UNAUTHORIZED', 'A valid metrics token is required.');
  }
  c.header('Cache-Control', 'no-store');
  return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType });
});

/** The gauges read from the database and the queue at each scrape. */
export function registerServerGauges(
  deps: Pick<Deps, 'db' | 'jobs' | 'metrics' | 'reports'>,
  poolStats?: () => { total: number; idle: number; waiting: number },
) {
  const { metrics, jobs, reports } = deps;
  // The read replica (DATABASE_READ_URL): whether reports read it, how far behind it is, and how
  // often they fell back to the primary (docs/decisions/0030). 0 and -1 without one.
  metrics.registerGauge({
    name: 'core28_read_replica_in_use',
    help: 'Whether reports (admin analytics, business figures) read the replica now: 1, else the primary: 0',
    read: () => (reports.state().isUsed ? 1 : 0),
  });
  metrics.registerGauge({
    name: 'core28_read_replica_lag_seconds',
    help: 'How far behind the primary the read replica was at its last check (-1: none or unreachable)',
    read: () => {
      const { lagMs } = reports.state();
      return lagMs === null ? -1 : lagMs / 1000;
    },
  });
  metrics.registerCounter({
    name: 'core28_read_replica_fallbacks_total',
    help: 'Times reports moved from the read replica to the primary (behind or unreachable)',
    read: () => reports.state().fallbacks,
  });
  // First, so the pool is read before the gauges below take connections for the scrape itself.
  if (poolStats) {
    metrics.registerGauge({
      name: 'core28_db_pool_in_use',
      help: 'Database connections of this instance running a query or transaction',
      read: () => {
        const { total, idle } = poolStats();
        return total - idle;
      },
    });
    metrics.registerGauge({
      name: 'core28_db_pool_waiting',
      help: 'Queries of this instance waiting for a free database connection',
      read: () => poolStats().waiting,
    });
  }
  const jobCounts = async (states: string[]) => {
    const byQueue = new Map<string, number>();
    for (const row of await jobs.counts())
      if (states.includes(row.state)) byQueue.set(row.queue, (byQueue.get(row.queue) ?? 0) + row.count);
    return Array.from(byQueue, ([queue, value]) => ({ labels: { queue }, value }));
  };
  metrics.registerGauge({
    name: 'core28_jobs_queued',
    help: 'Jobs waiting to run (new or waiting for a retry), by queue, across every instance',
    labelNames: ['queue'],
    read: () => jobCounts(['created', 'retry']),
  });
  metrics.registerGauge({
    name: 'core28_jobs_active',
    help: 'Jobs running now, by queue, across every instance',
    labelNames: ['queue'],
    read: () => jobCounts(['active']),
  });
  metrics.registerGauge({
    name: 'core28_mail_pending',
    help: 'E-mails in the outbox waiting for their first or next attempt',
    read: () => countPendingMail(deps),
  });
}
