import { ADMIN_GOAL_P99_MS, type AdminScale } from './admin-scale.ts';
import { BUSINESS_GOAL_P99_MS, type BusinessResult } from './business-scale.ts';
import { table } from './lib.ts';
import type { Lighthouse } from './page-speed.ts';
import { type RealtimeResult, ROUNDS } from './realtime.ts';

// The bench's tables as it prints them.

export function printAdminScale({ members, runs, timings }: AdminScale) {
  console.log(
    `\nAdmin and coach pages at ${members.toLocaleString('en')} members (service calls straight on the database, ${runs} runs each after 3 warm-ups)\n`,
  );
  console.log(
    table([
      ['engine', 'view', 'admin data', 'p50 ms', 'p99 ms', `goal p99 ≤ ${ADMIN_GOAL_P99_MS} ms`],
      ...timings.map((r) => [
        r.engine,
        r.view,
        r.name,
        String(r.p50),
        String(r.p99),
        r.p99 <= ADMIN_GOAL_P99_MS ? 'met' : 'MISSED',
      ]),
    ]),
  );
}

export function printBusinessScale({ engine, members, jobs, queries }: BusinessResult) {
  console.log(
    `\nBusiness figures at ${members.toLocaleString('en')} members on ${engine} (service calls straight on the database)\n`,
  );
  console.log(table([['job (once)', 'seconds'], ...jobs.map((j) => [j.name, String(j.seconds)])]));
  console.log('');
  console.log(
    table([
      ['/admin/business data', 'p50 ms', 'p99 ms', `goal p99 ≤ ${BUSINESS_GOAL_P99_MS} ms`],
      ...queries.map((q) => [
        q.name,
        String(q.p50),
        String(q.p99),
        q.p99 <= BUSINESS_GOAL_P99_MS ? 'met' : 'MISSED',
      ]),
    ]),
  );
}

/** Lighthouse's median run of each page, and the score of every run. */
export function lighthouseTable(scores: Lighthouse[]) {
  return table([
    ['page', 'performance', 'accessibility', 'LCP ms', 'TBT ms', 'CLS', 'every run', 'host index', 'CPU ×'],
    ...scores.map((r) => [
      r.page,
      String(r.score),
      r.failedAccessibility.length
        ? `${r.accessibility} (${r.failedAccessibility.join(', ')})`
        : String(r.accessibility),
      String(r.lcp),
      String(r.tbt),
      String(r.cls),
      r.scores.join(', '),
      String(r.hostIndex),
      String(r.slowdown),
    ]),
  ]);
}

/** Each live run's delivery against the bare broadcast's, with and without its SQL, three rows a run. */
export function printLiveDelivery(live: RealtimeResult[]) {
  console.log(`\nLive delivery (1,000 sockets in topics of 10, one message per topic per round)`);
  console.log(`(p50 and p99 of rounds 2-${ROUNDS}; the first, right after the sockets opened, apart)\n`);
  console.log(
    table([
      [
        'path',
        'p50 ms',
        'p99 ms',
        'p50 / p99 ratio to bare',
        'to bare + SQL',
        'first round p99 ms',
        'server CPU ms / message (node + rest)',
        'delivered',
      ],
      ...live.map((r, i) => {
        const bareRun = live[i - (i % 3)]!;
        const writingRun = live[i - (i % 3) + 1]!;
        return [
          r.name,
          String(r.p50),
          String(r.p99),
          `${(r.p50 / bareRun.p50).toFixed(1)}× / ${(r.p99 / bareRun.p99).toFixed(1)}×`,
          i % 3 === 0
            ? ''
            : `${(r.p50 / writingRun.p50).toFixed(1)}× / ${(r.p99 / writingRun.p99).toFixed(1)}×`,
          String(r.firstRoundP99),
          `${r.cpuMsPerMessage} (${r.nodeCpuMsPerMessage} + ${(r.cpuMsPerMessage - r.nodeCpuMsPerMessage).toFixed(2)})`,
          `${r.delivered}/${r.expected} (${((100 * r.delivered) / r.expected).toFixed(1)} %)`,
        ];
      }),
    ]),
  );
}
