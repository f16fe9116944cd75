import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { type Database, rowsOf } from '../db/index.ts';
import { type CronMinutes, isDue, parseCron } from './cron.ts';
import { executeSqlIn } from './sql-in-transaction.ts';

// Schedules (docs/decisions/0019, "Ninth pass"). A check reads the database's clock and sends
// each due schedule's job in one transaction, keyed by queue in a 60 s singleton slot that
// pg-boss takes from the same transaction's now(): every instance that checks in a minute finds
// the same slot, and only the first insert of a minute's job is kept (pg-boss's unique index).

/**
 * A look at the clock is free, and the database is asked once per minute per instance, so a
 * minute's jobs go out within about a second of its start (a 07:00 reminder at 07:00:01; pg-boss
 * checked every 30 s, then every 5 s at one statement each).
 */
const SCHEDULE_CHECK_SECONDS = 1;
const MINUTE_MS = 60_000;

export type Scheduler = {
  /** Sets a queue's cron schedule (throws on one it cannot read); it is checked again in this minute. */
  set(queue: string, cron: string): void;
  /** Sends the jobs due in the database's current minute, unless this instance checked it already. */
  check(): Promise<string[]>;
  /** No further check; waits for one under way. */
  stop(): Promise<void>;
};

export type SchedulerOptions = {
  db: Database;
  boss: Pick<PgBoss, 'insert'>;
  log: Logger;
  /** Called with each queue a check sent a job to: this instance's workers need not wait for a poll. */
  wake: (queue: string) => void;
  /** Check on a timer (working instances); off: only through check() (tests). */
  isWorking: boolean;
  /** How often to look at the clock for a new minute (every second unless set). */
  checkSeconds?: number | undefined;
};

export function startScheduler({
  db,
  boss,
  log,
  wake,
  isWorking,
  checkSeconds = SCHEDULE_CHECK_SECONDS,
}: SchedulerOptions): Scheduler {
  const schedules = new Map<string, CronMinutes>();
  /** The latest database minute this instance has checked, and its clock's lead over ours. */
  let checkedMinute = Number.NEGATIVE_INFINITY;
  let clockSkewMs = 0;
  let checking: Promise<string[]> | null = null;
  let isStopping = false;

  async function sendDueJobs(): Promise<string[]> {
    const sent = await db.transaction(async (tx) => {
      const [clock] = await rowsOf<{ ms: number }>(
        tx,
        sql`select (extract(epoch from now()) * 1000)::float8 as ms`,
      );
      const now = clock!.ms;
      clockSkewMs = now - Date.now();
      const minute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
      if (minute <= checkedMinute) return { minute, due: [] };
      const due = [...schedules].filter(([, cron]) => isDue(cron, minute)).map(([queue]) => queue);
      for (const name of due)
        await boss.insert(name, [{ data: {}, singletonKey: name, singletonSeconds: 60 }], {
          db: executeSqlIn(tx),
        });
      return { minute, due };
    });
    checkedMinute = Math.max(checkedMinute, sent.minute);
    for (const queue of sent.due) wake(queue);
    return sent.due;
  }

  function check(): Promise<string[]> {
    checking ??= sendDueJobs().finally(() => {
      checking = null;
    });
    return checking;
  }

  /** A check failing (the database away) is tried every second: logged once, until one works. */
  let isCheckFailing = false;
  const checkFailed = (err: unknown) => {
    if (!isCheckFailing) log.error({ err }, 'job schedules could not be checked; trying every second');
    isCheckFailing = true;
  };
  const checkWorked = () => {
    if (isCheckFailing) log.info('job schedules are checked again');
    isCheckFailing = false;
  };
  let timer: NodeJS.Timeout | undefined;
  if (isWorking) {
    timer = setInterval(() => {
      // Nothing can be due before the database's next minute: no statement until then.
      if (isStopping || schedules.size === 0) return;
      if (Date.now() + clockSkewMs < checkedMinute + MINUTE_MS) return;
      check().then(checkWorked, checkFailed);
    }, checkSeconds * 1000);
    timer.unref();
  }

  return {
    set(queue, cron) {
      schedules.set(queue, parseCron(cron));
      checkedMinute = Number.NEGATIVE_INFINITY;
    },
    check,
    async stop() {
      isStopping = true;
      clearInterval(timer);
      await checking?.catch(() => {});
    },
  };
}
