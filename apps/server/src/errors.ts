import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './context.ts';

const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
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
    /** Seconds the client should wait before trying again (sent as `Retry-After`). */
    readonly options: { retryAfter?: number } = {},
  ) {
    super(message);
  }
}

export const errorBody = (code: string, message: string): ErrorBody => ({ error: { code, message } });

const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

/** The SQLSTATE of a database error, through the query builder's wrapping. */
function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export function onError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    if (err.options.retryAfter !== undefined) c.header('Retry-After', String(err.options.retryAfter));
    return c.json(errorBody(err.code, err.message), STATUS[err.code]);
  }
  // Class 22 (data exception) is always the input's fault: a NUL character, a malformed id, a
  // number out of range. The statement failed, so nothing of it was written.
  if (sqlState(err)?.startsWith('22')) {
    c.var.log?.info({ err }, 'input the database refused');
    return c.json(errorBody('BAD_REQUEST', 'The request contains a value that cannot be stored.'), 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const code = (Object.keys(STATUS) as ErrorCode[]).find((key) => STATUS[key] === status) ?? 'BAD_REQUEST';
    const message = status >= 500 ? GENERIC_MESSAGE : err.message || 'Bad request';
    return c.json(errorBody(code, message), status);
  }
  c.var.log?.error({ err }, 'unhandled error');
  return c.json(errorBody('INTERNAL', GENERIC_MESSAGE), 500);
}
