import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../context.ts';
import {
  AppError,
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  errorBody,
  GENERIC_MESSAGE,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER,
} from '../errors.ts';
import { databaseAnswers } from '../platform/db/index.ts';
import { isDatabaseUnavailable, sqlState } from '../platform/db/unavailable.ts';
import { errorPage } from './error-page.ts';

// Every error becomes an answer here: the error shape for the API, an HTML page for a browser.

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
    return c.json({ error: { ...err.options.details, ...body.error } }, ERROR_STATUS[err.code]);
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
    const code =
      (Object.keys(ERROR_STATUS) as ErrorCode[]).find((key) => ERROR_STATUS[key] === status) ?? 'BAD_REQUEST';
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
