import { loadConfig } from '../config.ts';
import { createDeps } from '../deps.ts';
import { startEmbeddedPostgres } from '../platform/db/embedded.ts';
import { openPostgres } from '../platform/db/index.ts';
import { createLogger } from '../platform/logger.ts';
import { resetOwner } from './owner.ts';

// `npm run owner:reset`, on the server: the owner locked out (password forgotten, second factor
// lost) gets a new password, printed once here (ADMIN_PASSWORD when it is set), no second factor,
// and no sessions. docs/operations.md.
const config = loadConfig();
const log = createLogger(config.logLevel);
const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir, log);
const database = await openPostgres(config.databaseUrl ?? embedded!.url);
try {
  const given = process.env.ADMIN_PASSWORD;
  const result = await resetOwner(
    createDeps({ config, log, db: database.db }),
    given ? { password: given } : {},
  );
  process.stdout.write(
    result.password
      ? `The owner ${result.email} now signs in with this password (shown once; change it on the profile page):\n\n  ${result.password}\n\nTheir second factor is removed and every session ended.\n`
      : `The owner ${result.email} now signs in with ADMIN_PASSWORD. Their second factor is removed and every session ended.\n`,
  );
} finally {
  await database.close();
  await embedded?.stop();
}
