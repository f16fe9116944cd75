import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { chooseMethod, createBackup } from './platform/backup/backup.ts';
import { storageDirOf, withDatabase } from './platform/backup/database.ts';
import { restoreBackup } from './platform/backup/restore.ts';
import { createLogger } from './platform/logger.ts';

// `npm run backup [-- FILE]` and `npm run restore FILE [-- --force]`, with the server's own
// configuration (DATA_DIR, DATABASE_URL, S3_*); --data-dir and --database-url override it.
const USAGE = `Usage:
  npm run backup [-- FILE] [--logical]   default FILE: backups/core28-<UTC time>.tar.gz; with
                                         DATABASE_URL, pg_dump is used when a compatible one is on
                                         PATH, unless --logical (COPY, as for the embedded database)
  npm run restore FILE [-- --force]      --force replaces a database that already has accounts
Options: --data-dir DIR, --database-url URL (default: DATA_DIR and DATABASE_URL as for the server)`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      force: { type: 'boolean', default: false },
      logical: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const [command, file] = positionals;
  if (values.help || (command !== 'backup' && command !== 'restore') || (command === 'restore' && !file)) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    ...process.env,
    ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}),
    ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
  });
  const log = createLogger(config.logLevel);
  const storageDir = storageDirOf(config);
  const source = config.databaseUrl
    ? 'DATABASE_URL'
    : `the embedded PostgreSQL in ${path.resolve(config.dataDir)}`;
  const started = performance.now();

  if (command === 'backup') {
    const target = file ?? `backups/core28-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
    const { manifest, bytes } = await withDatabase(config, log, { purpose: 'backup' }, async (url) => {
      const external = Boolean(config.databaseUrl) && !values.logical;
      return createBackup({ url, storageDir, file: target, method: await chooseMethod(url, { external }) });
    });
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Backed up ${source} (${manifest.method === 'pg_dump' ? 'pg_dump' : 'COPY'}): ${manifest.tables.length} tables, ${rows} rows, ${manifest.storage.files} stored files` +
        ` → ${path.resolve(target)} (${formatBytes(bytes)}, ${seconds(started)} s)`,
    );
  } else {
    const { manifest, files } = await withDatabase(config, log, { purpose: 'restore' }, (url) =>
      restoreBackup({ file: file!, url, storageDir, force: values.force }),
    );
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${source}: ${rows} rows, ${files} stored files (${seconds(started)} s)`,
    );
  }
  if (!storageDir)
    console.log('Stored files are in S3: the bucket is not part of the backup (use its versioning).');
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const formatBytes = (n: number) =>
  n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`;

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `${command()} failed: ${(err as Error).message}`);
  process.exit(1);
});

function command() {
  return process.argv.includes('restore') ? 'Restore' : 'Backup';
}
