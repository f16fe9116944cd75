import { isValidTimeZone } from '@core28/core/local-day';
import { formatDate } from './format';

/**
 * A date as the member counts days: in their own time zone (the profile's, else the browser's),
 * always in the app's language (lib/format.ts), so a sentence of ours never reads "9. Dezember". The trial-ending mail
 * names the same date in the same zone.
 */
export function formatMemberDate(
  iso: string,
  timeZone: string | null,
  options: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric' },
) {
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : undefined;
  return formatDate(iso, options, zone);
}

/**
 * A local calendar date (`yyyy-MM-dd`, already the member's own day) in English words: "December 30".
 * Read at noon UTC and written in UTC, so no zone moves it to the day before or after.
 */
export function formatLocalDate(
  date: string,
  options: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric' },
) {
  return formatDate(`${date}T12:00:00Z`, options, 'UTC');
}
