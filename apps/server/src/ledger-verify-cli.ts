import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { PENDING_WINDOW_MS, runLedgerVerify } from './features/business/ledger-verify.ts';
import { withDatabase } from './platform/backup/database.ts';
import { connectPostgres } from './platform/db/index.ts';
import { createLogger } from './platform/logger.ts';

// `npm run ledger:verify`: replays the plan ledger and compares it with every member's plan, with
// plan_ledger_states and business_now (docs/operations.md, "The plan ledger"). Read-only; with
// the server's own configuration (DATA_DIR, DATABASE_URL), which the options override.
const USAGE = `Usage:
  npm run ledger:verify [-- --pending-minutes N] [--page-size N]
Prints each difference (member, field, ledger ≠ plan) and exits 1 when there is one; else one OK line.
  --pending-minutes N   a trial, period or grace that ended less than N minutes ago and is not yet
                        in the ledger is printed as pending the sweep, not failed (default ${PENDING_WINDOW_MS / 60_000})
  --page-size N         members read at a time (default 2000)
Options: --data-dir DIR, --database-url URL (default: DATA_DIR and DATABASE_URL as for the server)`;

async function main() {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      'pending-minutes': { type: 'string' },
      'page-size': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const pendingMinutes = Number(values['pending-minutes'] ?? PENDING_WINDOW_MS / 60_000);
  const pageSize = Number(values['page-size'] ?? 2_000);
  if (values.help || !(pendingMinutes >= 0) || !Number.isInteger(pageSize) || pageSize < 1) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    ...process.env,
    ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}),
    ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
  });
  const code = await withDatabase(
    config,
    createLogger(config.logLevel),
    { purpose: 'verify' },
    async (url) => {
      // One connection, no statement timeout: the check is one long read-only snapshot.
      const database = connectPostgres(url, { max: 1, statementTimeoutMs: 0 });
      try {
        return await runLedgerVerify(database.db, {
          print: (line) => console.log(line),
          pendingWindowMs: pendingMinutes * 60_000,
          pageSize,
        });
      } finally {
        await database.close();
      }
    },
  );
  process.exit(code);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `ledger:verify failed: ${(err as Error).message}`);
  process.exit(2);
});
