import { AppError } from '../../errors.ts';

// The web's offline queue says how long a write waited in it.

/** How long the longest-waiting queued write may say it waited: a month. */
const MAX_QUEUED_MS = 30 * 24 * 3_600_000;

/**
 * How long a write waited in the web's offline queue (the `X-Queued-Ms` header, both
 * ends measured by the one browser clock, so a device whose clock is off does not matter); 0
 * without it, at most a month; anything but whole milliseconds is a 400.
 */
export function queuedMs(header: string | undefined): number {
  if (header === undefined || header.trim() === '') return 0;
  if (!/^\d{1,15}$/.test(header.trim()))
    throw new AppError('BAD_REQUEST', 'X-Queued-Ms must be a whole number of milliseconds');
  return Math.min(Number(header.trim()), MAX_QUEUED_MS);
}
