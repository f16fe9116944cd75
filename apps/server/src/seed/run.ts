import { loadConfig } from '../config.ts';
import { createDeps } from '../deps.ts';
import { startEmbeddedPostgres } from '../platform/db/embedded.ts';
import { openPostgres } from '../platform/db/index.ts';
import { createLogger } from '../platform/logger.ts';
import { SEED_LOCK, seed } from './seed.ts';

// `npm run seed`: the same idempotent seed that runs at every start.
const config = loadConfig();
const log = createLogger(config.logLevel);
const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir, log);
const database = await openPostgres(config.databaseUrl ?? embedded!.url);
await database.exclusively(SEED_LOCK, () => seed(createDeps({ config, log, db: database.db })));
await database.close();
await embedded?.stop();
log.info('seed done');
