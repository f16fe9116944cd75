import { IdempotencyKeySchema } from '@core28/core/program-schemas';
import { AppError } from '../errors.ts';

// DESIGN "Idempotency": a write a phone may retry carries an Idempotency-Key, a UUID the client
// makes once per action and sends again when it retries. The program's writes keep their first
// answer by it (features/program/idempotency.ts); a coaching message is stored under it
// (features/coaching/messages.ts).

export const KEY_USED_FOR_ANOTHER_REQUEST = 'This Idempotency-Key was already used for another request';

/** The header's key, lower-cased, or null when there is none; a malformed one is a 400. */
export function optionalIdempotencyKey(header: string | undefined): string | null {
  if (header === undefined || header.trim() === '') return null;
  const parsed = IdempotencyKeySchema.safeParse(header.trim());
  if (!parsed.success) throw new AppError('BAD_REQUEST', 'Idempotency-Key must be a UUID');
  return parsed.data.toLowerCase();
}

export function requiredIdempotencyKey(header: string | undefined): string {
  const key = optionalIdempotencyKey(header);
  if (key === null) throw new AppError('BAD_REQUEST', 'An Idempotency-Key header is required');
  return key;
}
