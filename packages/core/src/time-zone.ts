// Time-zone names, checked with Intl. Apart from local-day.ts so the web's entry can
// check a zone without loading @date-fns/tz, which has no sideEffects flag and so is kept whole
// wherever local-day.ts is imported (−1.6 KB gzip on /).

export const DEFAULT_TIME_ZONE = 'UTC';

/**
 * One formatter per zone that gives a calendar date (year, month, day): made once, kept for the
 * process (there are a few hundred zone names, and only names Intl accepted are kept). Building an
 * Intl.DateTimeFormat costs tens of microseconds; the program day is computed on every request.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
export function dateFormatOf(timeZone: string): Intl.DateTimeFormat | null {
  let format = dateFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        calendar: 'gregory',
        numberingSystem: 'latn',
      });
    } catch {
      return null;
    }
    dateFormats.set(timeZone, format);
  }
  return format;
}

/** True for a name this runtime's Intl knows (`Europe/Berlin`, `UTC`); the same test on server and web. */
export function isValidTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  return dateFormatOf(name) !== null;
}
