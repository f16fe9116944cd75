import { TZDate } from '@date-fns/tz';
import { addDays, format, startOfDay } from 'date-fns';
import { DEFAULT_TIME_ZONE, dateFormatOf, isValidTimeZone } from './time-zone.ts';

// docs/decisions/0014: a member's day is a calendar day in their own time zone (IANA
// name); without one, UTC (spec §4). Calendar arithmetic is date-fns with @date-fns/tz, so DST
// changes and zones 14 hours from UTC are the library's business, not offset arithmetic of ours.
// The two reads made on every request (the day number, the local date) ask Intl for the date in
// the zone with one cached formatter instead (@date-fns/tz formats with Intl several
// times per operation, ~40 us per program day); local-day.test.ts checks they agree.

export { DEFAULT_TIME_ZONE, isValidTimeZone };

const DAY_MS = 86_400_000;

/**
 * The calendar date of an instant in a zone, as days since 1970-01-01: Intl (ICU's time-zone
 * data) says which date it is there; counting days between two dates is then exact.
 */
function localDayIndex(at: Date, timeZone: string): number {
  if (timeZone === DEFAULT_TIME_ZONE) return Math.floor(at.getTime() / DAY_MS);
  const parts = (dateFormatOf(timeZone) as Intl.DateTimeFormat).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

const zoneOf = (timeZone: string | null | undefined) =>
  timeZone && isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;

/** Whole calendar days from `earlier` to `later` in the time zone. */
export function calendarDaysBetween(later: Date, earlier: Date, timeZone?: string | null): number {
  const zone = zoneOf(timeZone);
  return localDayIndex(later, zone) - localDayIndex(earlier, zone);
}

/** The local date of an instant, `yyyy-MM-dd`. */
export const localDate = (at: Date, timeZone?: string | null) =>
  new Date(localDayIndex(at, zoneOf(timeZone)) * DAY_MS).toISOString().slice(0, 10);

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

/** The instant the local day `days` after the local date of `at` begins. */
export const localDayStart = (at: Date, days: number, timeZone?: string | null) =>
  new Date(startOfDay(addDays(new TZDate(at, zoneOf(timeZone)), days)).getTime());

/** The instant the next local day begins (a browser re-reads today's card then). */
export const nextLocalMidnight = (at: Date, timeZone?: string | null) =>
  new Date(startOfDay(addDays(new TZDate(at, zoneOf(timeZone)), 1)).getTime());

/** "HH:MM" (00:00..23:59) → minutes since midnight, or null. */
export function parseClockTime(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::00)?$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Whole calendar days from the local date of `earlier` to the date `date` (`yyyy-MM-dd`) in the zone. */
export const calendarDaysTo = (date: string, earlier: Date, timeZone?: string | null) =>
  Date.parse(`${date}T00:00:00Z`) / DAY_MS - localDayIndex(earlier, zoneOf(timeZone));

/** The wall clock of an instant in a zone as one number: minutes since 1970-01-01 00:00 there. */
const localWallMinute = (at: Date, zone: string) =>
  localDayIndex(at, zone) * 1440 + localMinuteOfDay(at, zone);

/**
 * The local date whose clock time `target` (minutes since midnight) the member's clock passed in
 * the `windowMinutes` up to `now` (now's minute included), or null. A reminder's schedule asks
 * this every minute: the answer is the date of the occurrence being served, not now's, so a 23:59
 * reminder still due at 00:01 is the evening before's. A time the clock skips on a
 * spring-forward night (02:30 in New York) is passed at the first minute after the gap (03:00).
 * The reminder schedule's SQL twin: `passedClockTimeSql` in the server's reminders.ts.
 */
export function passedClockTime(
  now: Date,
  target: number,
  windowMinutes: number,
  timeZone?: string | null,
): string | null {
  const zone = zoneOf(timeZone);
  const to = localWallMinute(now, zone);
  const from = localWallMinute(new Date(now.getTime() - windowMinutes * 60_000), zone);
  const today = Math.floor(to / 1440);
  for (const day of [today, today - 1]) {
    const at = day * 1440 + target;
    if (from < at && at <= to) return new Date(day * DAY_MS).toISOString().slice(0, 10);
  }
  return null;
}
