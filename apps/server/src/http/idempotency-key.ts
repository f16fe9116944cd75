import { IdempotencyKeySchema } from '@core28/core/program-schemas';
import type { Context } from 'hono';
import { AppError } from '../errors.ts';
import { requestHeader } from './node-request.ts';

// DESIGN "Idempotency": a write a phone may retry carries an Idempotency-Key, a UUID the client
// makes once per action and sends again when it retries. The program's writes, a plan change,
// starting the trial and resuming a subscription keep their first answer by it
// (platform/db/idempotency.ts); a coaching message or topic and a contact message are stored under
// it as their id (features/coaching/messages.ts, features/contact/service.ts).

type WithHeaders = Pick<Context, 'env' | 'req'>;

/** The request's key, lower-cased, or null when there is none; a malformed one is a 400. */
export function optionalIdempotencyKey(c: WithHeaders): string | null {
  const header = requestHeader(c, 'idempotency-key');
  if (header === undefined || header.trim() === '') return null;
  const parsed = IdempotencyKeySchema.safeParse(header.trim());
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'Idempotency-Key must be a UUID');
  return parsed.data.toLowerCase();
}

export function requiredIdempotencyKey(c: WithHeaders): string {
  const key = optionalIdempotencyKey(c);
  if (key === null) throw new AppError('BAD_REQUEST', 'An Idempotency-Key header is required');
  return key;
}
