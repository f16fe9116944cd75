import type { ContentfulStatusCode } from 'hono/utils/http-status';

// The error vocabulary every layer speaks: a leaf, importing nothing of the app, so the database
// adapters, the HTTP layer and the features can all throw and read it. How an error becomes an
// answer is http/on-error.ts; whether one means the database is away is platform/db/unavailable.ts.

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  /** The member's plan does not include this (docs/decisions/0021); the body says what would. */
  PLAN_REQUIRED: 403,
  /** A staff account whose session has not passed a second factor acts as a member until it does. */
  TWO_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Every 1-on-1 Burn seat is taken (features/seats): the waitlist instead. */
  SEATS_FULL: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorBody = { error: { code: string; message: string } };

/** The one error type services throw; `onError` (http/on-error.ts) is the only place it becomes an HTTP status. */
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

export const GENERIC_MESSAGE = 'Something went wrong. Please try again.';
export const UNAVAILABLE_MESSAGE = 'Core28 is briefly unavailable. Please try again in a moment.';
/** Seconds a client is asked to wait while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER = 10;
