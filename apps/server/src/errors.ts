import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './context.ts';
import { errorPage } from './http/error-page.ts';
import { databaseAnswers } from './platform/db/index.ts';

const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  /** The member's plan does not include this (docs/decisions/0021); the body says what would. */
  PLAN_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof STATUS;
export type ErrorBody = { error: { code: string; message: string } };

/** The one error type services throw; `onError` is the only place it becomes an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: {
      /** Seconds the client should wait before trying again (sent as `Retry-After`). */
      retryAfter?: number;
      /** More for the client beside the code and message (what would unlock a PLAN_REQUIRED). */
      details?: Record<string, string | number | boolean>;
    } = {},
  ) {
    super(message);
  }
}

export const errorBody = (code: string, message: string): ErrorBody => ({ error: { code, message } });

const GENERIC_MESSAGE = 'Something went wrong. Please try again.';
const UNAVAILABLE_MESSAGE = 'Core28 is briefly unavailable. Please try again in a moment.';
/** Seconds a client is asked to wait while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER = 10;

/** The SQLSTATE of a database error, through the query builder's wrapping. */
function sqlState(err: unknown): string | undefined {
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

/** A browser asking for a page (not the API): it gets an HTML page, never JSON. */
const wantsPage = (c: Context<AppEnv>) =>
  !c.req.path.startsWith('/api/') && (c.req.header('accept') ?? '').includes('text/html');

/**
 * A fresh answer, sharing no headers with whatever the handler had answered (errorPage for a
 * page, the error shape for the rest); the outer middleware still adds the security headers.
 */
function failure(
  c: Context<AppEnv>,
  status: 500 | 503,
  body: ErrorBody,
  headers: Record<string, string> = {},
) {
  const isPage = wantsPage(c);
  return new Response(isPage ? errorPage(status === 503 ? 'unavailable' : 'error') : JSON.stringify(body), {
    status,
    headers: {
      'content-type': isPage ? 'text/html; charset=UTF-8' : 'application/json',
      'cache-control': 'no-store',
      ...headers,
    },
  });
}

/** 503 with `Retry-After`: the error shape for the API, the "We'll be right back" page for a page. */
export const unavailable = (c: Context<AppEnv>) =>
  failure(c, 503, errorBody('UNAVAILABLE', UNAVAILABLE_MESSAGE), {
    'retry-after': String(UNAVAILABLE_RETRY_AFTER),
  });

const internal = (c: Context<AppEnv>) => failure(c, 500, errorBody('INTERNAL', GENERIC_MESSAGE));

/** The database is unreachable when the error says so, or when it does not answer a `select 1` now. */
const isOutage = async (err: unknown, c: Context<AppEnv>) =>
  isDatabaseUnavailable(err) || (c.get('deps') !== undefined && !(await databaseAnswers(c.get('deps').db)));

export async function onError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    if (err.options.retryAfter !== undefined) c.header('Retry-After', String(err.options.retryAfter));
    const body = errorBody(err.code, err.message);
    return c.json({ error: { ...err.options.details, ...body.error } }, STATUS[err.code]);
  }
  // A path whose percent-escapes do not decode names nothing (it was a 500).
  if (err instanceof URIError) {
    if (wantsPage(c)) return c.html(errorPage('not-found'), 404);
    return c.json(errorBody('BAD_REQUEST', 'The address contains a malformed percent-escape.'), 400);
  }
  // Class 22 (data exception) is always the input's fault: a NUL character, a malformed id, a
  // number out of range. The statement failed, so nothing of it was written.
  if (sqlState(err)?.startsWith('22')) {
    c.get('deps')?.log.info({ err }, 'input the database refused');
    return c.json(errorBody('BAD_REQUEST', 'The request contains a value that cannot be stored.'), 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const code = (Object.keys(STATUS) as ErrorCode[]).find((key) => STATUS[key] === status) ?? 'BAD_REQUEST';
    const message = status >= 500 ? GENERIC_MESSAGE : err.message || 'Bad request';
    return c.json(errorBody(code, message), status);
  }
  if (await isOutage(err, c)) {
    c.get('deps')?.log.warn({ err }, 'database unavailable');
    return unavailable(c);
  }
  c.get('deps')?.log.error({ err }, 'unhandled error');
  return internal(c);
}

/**
 * For a 500 a handler answered itself (better-auth answers a failed query with an empty 500): the
 * same 503 during an outage, otherwise the one error shape. Called by the request frame
 * (http/request-frame.ts) once the answer is made.
 */
export async function replaceHandlerFailure(c: Context<AppEnv>) {
  if (c.res.status !== 500 || c.error) return;
  c.get('deps').log.error({ path: c.get('logPath') ?? c.req.path }, 'a handler answered 500');
  const answer = (await isOutage(undefined, c)) ? unavailable(c) : internal(c);
  c.res = undefined; // so the failed answer's headers (its Content-Length above all) are not merged in
  c.res = answer;
}
