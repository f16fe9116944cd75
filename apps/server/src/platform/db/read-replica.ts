import type { Logger } from 'pino';
import { connectPostgres, type Database, type ExecuteSql } from './index.ts';

// Reporting reads on a streaming replica (DATABASE_READ_URL; docs/decisions/0030): the admin's
// analytics and the owner's business figures, never a member's own reads and writes, which must
// see their writes. A replica that falls behind or cannot be reached is left for the primary until
// it keeps up again, with a log line at each change and the figures /metrics shows.

export type ReplicaState = {
  /** Whether reports read the replica now (false: the primary). */
  isUsed: boolean;
  /** How far behind the replica was at the last check, in ms (null: not reachable). */
  lagMs: number | null;
  /** Times reads moved to the primary since start. */
  fallbacks: number;
};

export type ReadReplica = {
  /** The database a report reads: the replica while it keeps up, else the primary. */
  db: () => Database;
  /** Looks at the replica now (the timer does every `checkEveryMs`). */
  check: () => Promise<void>;
  state: () => ReplicaState;
  close: () => Promise<void>;
};

export type ReadReplicaOptions = {
  url: string;
  primary: { db: Database; executeSql: ExecuteSql };
  log: Logger;
  /** Behind by more than this, reports read the primary. */
  maxLagMs?: number;
  checkEveryMs?: number;
  max?: number;
};

/** Reports' reads: the primary alone when there is no replica. */
export const primaryOnly = (db: Database): ReadReplica => ({
  db: () => db,
  check: async () => {},
  state: () => ({ isUsed: false, lagMs: null, fallbacks: 0 }),
  close: async () => {},
});

/**
 * The replica's lag measured against the primary: caught up when it has replayed the primary's
 * current WAL position (an idle primary writes nothing, so the time since the last replayed
 * transaction alone would read as lag); else the time since its last replayed transaction.
 */
async function measureLag(primary: ExecuteSql, replica: ExecuteSql): Promise<number> {
  const [position] = (await primary('select pg_current_wal_lsn()::text as lsn')).rows as { lsn: string }[];
  const [row] = (
    await replica(
      `select pg_is_in_recovery() as "isReplica",
        coalesce(pg_wal_lsn_diff(pg_last_wal_replay_lsn(), $1::pg_lsn) >= 0, false) as "isCaughtUp",
        extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000 as "sinceReplayMs"`,
      [position!.lsn],
    )
  ).rows as { isReplica: boolean; isCaughtUp: boolean; sinceReplayMs: number | null }[];
  // A server that is not in recovery is a primary itself (a read URL pointing at it): current.
  if (!row!.isReplica || row!.isCaughtUp) return 0;
  return Math.max(0, Math.round(Number(row!.sinceReplayMs ?? Number.POSITIVE_INFINITY)));
}

export function openReadReplica({
  url,
  primary,
  log,
  maxLagMs = 30_000,
  checkEveryMs = 5_000,
  max = 5,
}: ReadReplicaOptions): ReadReplica {
  const replica = connectPostgres(url, { max });
  // Until the first check says it keeps up, reports read the primary.
  let state: ReplicaState = { isUsed: false, lagMs: null, fallbacks: 0 };
  let checking: Promise<void> | null = null;

  let status: 'used' | 'behind' | 'unreachable' | null = null;
  const decide = (lagMs: number | null, err?: unknown) => {
    const next = lagMs === null ? 'unreachable' : lagMs <= maxLagMs ? 'used' : 'behind';
    if (status === 'used' && next !== 'used') state.fallbacks++;
    // One line per change, not per check.
    if (next !== status) {
      if (next === 'used') log.info({ lagMs }, 'read replica in use for reports');
      else if (next === 'behind')
        log.warn({ lagMs, maxLagMs }, 'read replica behind: reports read the primary');
      else log.warn({ err }, 'read replica unreachable: reports read the primary');
    }
    status = next;
    state = { ...state, isUsed: next === 'used', lagMs };
  };

  const check = () => {
    checking ??= measureLag(primary.executeSql, replica.executeSql)
      .then(
        (lagMs) => decide(lagMs),
        (err) => decide(null, err),
      )
      .finally(() => {
        checking = null;
      });
    return checking;
  };
  const timer = setInterval(() => void check(), checkEveryMs);
  timer.unref();
  void check();

  return {
    db: () => (state.isUsed ? replica.db : primary.db),
    check,
    state: () => ({ ...state }),
    close: async () => {
      clearInterval(timer);
      await checking;
      await replica.close();
    },
  };
}
