import { ConfigError, configWarnings, loadConfig } from './config.ts';
import { createDeps } from './deps.ts';
import { recordDailyCounts } from './features/admin/service.ts';
import { deleteExpiredIdempotencyKeys } from './features/program/service.ts';
import { DataDirInUseError } from './platform/db/data-dir-lock.ts';
import { startEmbeddedPostgres } from './platform/db/embedded.ts';
import { openPostgres } from './platform/db/index.ts';
import { createLogger } from './platform/logger.ts';
import { seed } from './seed/seed.ts';
import { startServer } from './server.ts';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  for (const warning of configWarnings(config)) {
    log.warn(warning);
    console.warn(`\n  !!! WARNING !!!\n  ${warning}\n`);
  }
  const embedded = config.databaseUrl
    ? null
    : await startEmbeddedPostgres(config.dataDir, log, {
        // Issue 15: after the bounded restarts, exit non-zero so a process manager restarts the app.
        supervise: {
          onGiveUp: (err) => {
            log.fatal({ err }, 'the embedded PostgreSQL could not be restarted; exiting');
            console.error('Core28 stopped: its embedded PostgreSQL died and could not be restarted.');
            process.exit(1);
          },
        },
      });
  const database = await openPostgres(config.databaseUrl ?? embedded!.url, {
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  const deps = createDeps({ config, log, db: database.db });
  await seed(deps);

  const server = await startServer(deps, database.listen, { port: config.port, hostname: config.host });
  const lines = [
    '',
    `  Core28 is running at ${config.publicUrl}  (listening on ${server.address}:${server.port})`,
    `  Database: ${embedded ? `embedded PostgreSQL in ${config.dataDir}/pg` : 'DATABASE_URL'}`,
    deps.mailer.kind === 'outbox' ? `  Dev mailbox: ${config.publicUrl}/dev/mail` : '  Mail: SMTP',
    config.isProduction ? '' : `  Admin (dev only): ${config.admin.email} / ${config.admin.password}`,
    '',
  ];
  console.log(lines.filter((line, i) => line || i === 0 || i === lines.length - 1).join('\n'));

  // The dashboard's "change since yesterday" compares with the last figures recorded each day.
  const recordCounts = () =>
    recordDailyCounts(deps).catch((err) => log.warn({ err }, 'could not record the daily counts'));
  void recordCounts();
  setInterval(recordCounts, 15 * 60_000).unref();
  // Idempotency keys are kept a day (features/program/idempotency.ts); a scheduled job once the
  // job queue (DESIGN.md: pg-boss) lands.
  const forgetKeys = () =>
    deleteExpiredIdempotencyKeys(deps).catch((err) =>
      log.warn({ err }, 'could not delete expired idempotency keys'),
    );
  setInterval(forgetKeys, 3_600_000).unref();

  let isStopping = false;
  const shutdown = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), 15_000);
    forceExit.unref();
    await server.close();
    await database.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirInUseError) {
    console.error(err.message);
  } else {
    console.error('Core28 failed to start:', err);
  }
  process.exit(1);
});
