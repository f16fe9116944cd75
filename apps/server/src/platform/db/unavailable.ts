// Whether an error means the database is away (a connection lost, refused or timed out) rather than
// a fault of the request or the code: the HTTP layer answers 503 for those, start-up retries them.

/** The SQLSTATE of a database error, through the query builder's wrapping. */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * Class 08 (connection), 53 (out of connections, memory or disk) and the server's own timeouts and
 * shutdowns: statement timeout (57014), idle-in-transaction timeout (25P03), lock timeout (55P03),
 * shutting down or starting up (57P01-57P03).
 */
const isUnavailableState = (state: string) =>
  /^(08|53)/.test(state) || ['57014', '25P03', '55P03', '57P01', '57P02', '57P03'].includes(state);
/** node-postgres's own words for a connection it lost, could not open, or gave up waiting on. */
const DRIVER_GAVE_UP =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Cannot use a pool after calling end/;

/** A failure of the database connection or a timeout, not of the request or the code. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (
      typeof e.code === 'string' &&
      (NETWORK_ERRORS.has(e.code) || (/^[0-9A-Z]{5}$/.test(e.code) && isUnavailableState(e.code)))
    )
      return true;
    if (typeof e.message === 'string' && DRIVER_GAVE_UP.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
