import { TZDate, tz } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format, startOfDay } from 'date-fns';

// Issue 20 (docs/decisions/0014): a member's day is a calendar day in their own time zone (IANA
// name); without one, UTC (spec §4). Calendar arithmetic is date-fns with @date-fns/tz, so DST
// changes and zones 14 hours from UTC are the library's business, not offset arithmetic of ours.

export const DEFAULT_TIME_ZONE = 'UTC';

/** True for a name this runtime's Intl knows (`Europe/Berlin`, `UTC`); the same test on server and web. */
export function isValidTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const zoneOf = (timeZone: string | null | undefined) =>
  timeZone && isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;

/** Whole calendar days from `earlier` to `later` in the time zone. */
export const calendarDaysBetween = (later: Date, earlier: Date, timeZone?: string | null) =>
  differenceInCalendarDays(later, earlier, { in: tz(zoneOf(timeZone)) });

/** The local date of an instant, `yyyy-MM-dd`. */
export const localDate = (at: Date, timeZone?: string | null) =>
  format(new TZDate(at, zoneOf(timeZone)), 'yyyy-MM-dd');

/** The local date `days` after the local date of `at`, `yyyy-MM-dd`. */
export const localDatePlusDays = (at: Date, days: number, timeZone?: string | null) =>
  format(addDays(new TZDate(at, zoneOf(timeZone)), days), 'yyyy-MM-dd');

/** Minutes since local midnight (0..1439) of an instant. */
export function localMinuteOfDay(at: Date, timeZone?: string | null): number {
  const local = new TZDate(at, zoneOf(timeZone));
  return local.getHours() * 60 + local.getMinutes();
}

/** Local weekday of an instant, 0 = Sunday. */
export const localWeekday = (at: Date, timeZone?: string | null) => new TZDate(at, zoneOf(timeZone)).getDay();

/** The instant the next local day begins (a browser re-reads today's card then). */
export const nextLocalMidnight = (at: Date, timeZone?: string | null) =>
  new Date(startOfDay(addDays(new TZDate(at, zoneOf(timeZone)), 1)).getTime());

/** "HH:MM" (00:00..23:59) → minutes since midnight, or null. */
export function parseClockTime(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::00)?$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * True when `minute` falls within `windowMinutes` after `target` (both minutes of the day),
 * across midnight: a 23:59 reminder is still due at 00:00.
 */
export const isWithinMinutesAfter = (minute: number, target: number, windowMinutes: number) =>
  (((minute - target) % 1440) + 1440) % 1440 < windowMinutes;
