import { setTimeout as sleep } from 'node:timers/promises';
import type { ExecuteSql } from '../platform/db/index.ts';
import { JOBS_SCHEMA } from '../platform/jobs/queue.ts';

// Tests check the retry schedule pg-boss wrote, then skip the wait instead of sleeping through it.

/** Seconds until each job of `queue` waiting for a retry is due. */
export async function retryWaits(executeSql: ExecuteSql, queue: string): Promise<number[]> {
  const { rows } = await executeSql(
    `select extract(epoch from start_after - now())::float as wait from ${JOBS_SCHEMA}.job
     where name = $1 and state = 'retry' order by start_after`,
    [queue],
  );
  return (rows as { wait: number }[]).map((row) => row.wait);
}

/** Makes every job waiting for a retry due now. */
export async function makeRetriesDue(executeSql: ExecuteSql) {
  await executeSql(`update ${JOBS_SCHEMA}.job set start_after = now() where state = 'retry'`);
}

/** Every job of `queue` with its state, oldest first. */
export async function jobsOf(executeSql: ExecuteSql, queue: string) {
  const { rows } = await executeSql(
    `select id, state::text as state, retry_count as "retryCount", data, output from ${JOBS_SCHEMA}.job
     where name = $1 order by created_on`,
    [queue],
  );
  return rows as { id: string; state: string; retryCount: number; data: unknown; output: unknown }[];
}

/** Waits for a worker's doing: polls `condition` every 50 ms, up to `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await sleep(50);
  }
}
