import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { runningEmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded.ts';

/**
 * Runs `job` against the configuration's database: DATABASE_DIRECT_URL or DATABASE_URL; the embedded PostgreSQL a
 * running server (or one that crashed) keeps in DATA_DIR; or else the embedded one, started for
 * the job and stopped after it.
 */
export async function withDatabase<T>(
  config: Config,
  log: Logger,
  { purpose }: { purpose: 'backup' | 'restore' | 'verify' },
  job: (url: string) => Promise<T>,
): Promise<T> {
  // pg_dump and a restore hold a session (a snapshot, locks, session settings): around a pooler.
  if (config.databaseUrl) return job(config.databaseDirectUrl ?? config.databaseUrl);
  const running = await runningEmbeddedPostgres(config.dataDir);
  if (running) {
    // A backup reads one snapshot beside the server's writes; a restore must not pull the rows
    // from under a running server.
    if (purpose === 'restore') {
      throw new Error(
        `PostgreSQL is running in ${config.dataDir} (pid ${running.pid}): stop the server before restoring.`,
      );
    }
    return job(running.url);
  }
  if (purpose !== 'restore' && !existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'))) {
    throw new Error(
      `There is no database in ${path.resolve(config.dataDir)}/pg to ${purpose === 'backup' ? 'back up' : 'verify'}.`,
    );
  }
  const embedded = await startEmbeddedPostgres(config.dataDir, log);
  try {
    return await job(embedded.url);
  } finally {
    await embedded.stop();
  }
}

/** Stored files on disk (DATA_DIR/storage), or null when they live in an S3 bucket. */
export const storageDirOf = (config: Config) => (config.s3 ? null : path.resolve(config.dataDir, 'storage'));
