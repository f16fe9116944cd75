import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Database, rowsOf } from '../db/index.ts';

// pg-boss 11 rewrote its schema, and neither 11 nor 12 migrates a pg-boss 10 schema: its advice is
// to move the jobs across (docs/decisions/0025). The releases before this one kept pg-boss 10 in the
// schema `pgboss`; this one keeps pg-boss 12 in `jobs`, so during a rolling deploy the older
// instances go on working their own schema while the newer ones take its waiting jobs over.

export const EARLIER_SCHEMA = 'pgboss';
/** pg-boss 10.x's schema version (its version.json); any other is not ours to move. */
const EARLIER_SCHEMA_VERSION = 24;
/**
 * A pg-boss 10 instance that supervises stamps `version.maintained_on` every 2 minutes: none for
 * this long means no instance of an earlier release is left to use the schema.
 */
const EARLIER_INSTANCES_GONE_MINUTES = 10;
const LOOK_AGAIN_MS = 60_000;

export type EarlierJobs = {
  /** Moves the waiting jobs of these queues across; drops the old schema once nothing is left in it. */
  takeOver(queues: string[]): Promise<number>;
  stop(): Promise<void>;
};

export function takeOverEarlierJobs({
  db,
  schema,
  log,
  isWorking,
  wake,
}: {
  db: Database;
  /** The schema pg-boss 12 works in, its queues already created. */
  schema: string;
  log: Logger;
  /** Look again every minute while the earlier schema is there (servers). */
  isWorking: boolean;
  wake: (queue: string) => void;
}): EarlierJobs {
  let isGone = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;
  let queues: string[] = [];

  async function move(): Promise<number> {
    const versionTable = `${EARLIER_SCHEMA}.version`;
    const isThere = async (tx: Pick<Database, 'execute'>) => {
      const [found] = await rowsOf<{ isThere: boolean }>(
        tx,
        sql`select to_regclass(${versionTable}) is not null as "isThere"`,
      );
      return found?.isThere === true;
    };
    // Most starts find nothing: one cheap statement, no transaction.
    if (!(await isThere(db))) {
      isGone = true;
      return 0;
    }
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('core28:take-over-pg-boss-10'))`);
      // Another instance may have dropped it while this one waited for the lock.
      if (!(await isThere(tx))) return { state: 'gone' as const, moved: [] };
      const [found] = await rowsOf<{ version: number }>(
        tx,
        sql`select version from ${sql.identifier(EARLIER_SCHEMA)}.version limit 1`,
      );
      if (found?.version !== EARLIER_SCHEMA_VERSION) return { state: 'foreign' as const, moved: [] };
      const old = sql.identifier(EARLIER_SCHEMA);
      const now = sql.identifier(schema);
      // Waiting jobs keep their id, data, attempts and time; one an instance was running when it
      // stopped for good (its expiry passed, and pg-boss 10's supervision will not come) is retried.
      // A job already here under the same singleton slot (a schedule's minute) is not doubled.
      const moved = await rowsOf<{ name: string }>(
        tx,
        sql`with moved as (
              delete from ${old}.job
              where name = any(${sql.param(queues)}::text[])
                and (state in ('created', 'retry') or (state = 'active' and started_on + expire_in < now()))
              returning *
            )
            insert into ${now}.job (id, name, priority, data, state, retry_limit, retry_count, retry_delay,
              retry_backoff, expire_seconds, deletion_seconds, singleton_key, singleton_on, start_after,
              started_on, created_on, keep_until, policy)
            select m.id, m.name, m.priority, m.data,
              (case when m.state <> 'active' then m.state::text
                    when m.retry_count < m.retry_limit then 'retry' else 'failed' end)::${now}.job_state,
              m.retry_limit, m.retry_count, m.retry_delay, m.retry_backoff,
              extract(epoch from m.expire_in)::int, q.deletion_seconds, m.singleton_key, m.singleton_on,
              case when m.state = 'active' then now() else m.start_after end,
              m.started_on, m.created_on, m.keep_until, q.policy
            from moved m join ${now}.queue q on q.name = m.name
            on conflict do nothing
            returning name`,
      );
      const [left] = await rowsOf<{ waiting: number; other: number; isQuiet: boolean }>(
        tx,
        sql`select
              (select count(*)::int from ${old}.job where name = any(${sql.param(queues)}::text[])
                 and state in ('created', 'retry', 'active')) as waiting,
              (select count(*)::int from ${old}.job where not (name = any(${sql.param(queues)}::text[]))
                 and name not like '\\_\\_pgboss%' and state in ('created', 'retry', 'active')) as other,
              coalesce((select maintained_on from ${old}.version limit 1), '-infinity')
                < now() - make_interval(mins => ${EARLIER_INSTANCES_GONE_MINUTES}) as "isQuiet"`,
      );
      if (left && left.waiting === 0 && left.isQuiet) {
        if (left.other > 0)
          log.warn(
            { jobs: left.other },
            'jobs of queues this release no longer has are dropped with pg-boss 10',
          );
        await tx.execute(sql`drop schema ${old} cascade`);
        return { state: 'gone' as const, moved };
      }
      return { state: 'waiting' as const, moved };
    });
    if (result.state !== 'waiting') isGone = true;
    if (result.state === 'foreign')
      log.warn(`schema ${EARLIER_SCHEMA} is not pg-boss 10's: its jobs are left where they are`);
    if (result.moved.length > 0) {
      log.info({ jobs: result.moved.length }, 'jobs of the earlier release moved to pg-boss 12');
      for (const queue of new Set(result.moved.map((job) => job.name))) wake(queue);
    }
    return result.moved.length;
  }

  function lookAgain() {
    if (isGone || running) return;
    running = move()
      .catch((err) => {
        log.error({ err }, 'jobs of the earlier release could not be moved; trying again in a minute');
        return 0;
      })
      .finally(() => {
        running = null;
        if (isGone) clearInterval(timer);
      });
  }

  return {
    async takeOver(registered) {
      queues = registered;
      if (isGone) return 0;
      await running;
      const moved = await move();
      if (isWorking && !isGone && !timer) {
        timer = setInterval(lookAgain, LOOK_AGAIN_MS);
        timer.unref();
      }
      return moved;
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
