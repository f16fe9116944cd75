import type { Logger } from 'pino';
import { type MigrateOptions, openPostgres, type PostgresOptions } from './index.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

// A database unreachable at start (still booting, a network hiccup, a wrong host) ended
// the process with the cause buried in a stack trace. Start-up now retries it for a while, one
// line per attempt, then gives up with that line.

export class DatabaseUnreachableError extends Error {}

const MAX_PAUSE_MS = 5_000;

/** openPostgres, retried while the database is unreachable, for up to `retryMs`. */
export async function openPostgresWithRetry(
  url: string,
  options: PostgresOptions & Pick<MigrateOptions, 'allowNewerSchema'> & { retryMs: number; log: Logger },
) {
  const { retryMs, log, ...poolOptions } = options;
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await openPostgres(url, { ...poolOptions, log });
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const cause = `cannot reach the database at ${safeAddress(url)}: ${describe(err)}`;
      const elapsed = Date.now() - started;
      if (elapsed >= retryMs)
        throw new DatabaseUnreachableError(
          `Core28 stopped: ${cause} (gave up after ${attempt} attempt(s) in ${Math.round(elapsed / 1000)} s; DATABASE_CONNECT_RETRY_MS)`,
        );
      const pause = Math.min(MAX_PAUSE_MS, 500 * 2 ** (attempt - 1), retryMs - elapsed);
      log.warn({ attempt, retryInMs: pause }, cause);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** host:port/database, without the password. */
function safeAddress(url: string) {
  const u = new URL(url);
  return `${u.hostname}:${u.port || 5432}${u.pathname}`;
}

/** One line: the error's code and message (an AggregateError's first inner error: ECONNREFUSED…). */
function describe(err: unknown): string {
  const e = err as { code?: string; message?: string; errors?: unknown[] };
  if (!e.message && e.errors?.length) return describe(e.errors[0]);
  const message = (e.message ?? String(err)).split('\n')[0] ?? '';
  return e.code && !message.includes(e.code) ? `${e.code} ${message}` : message;
}
