// The calendar of the owner's figures (docs/business-figures.md): UTC days, months, and ISO
// weeks starting on Monday, as YYYY-MM-DD strings; a period's `start` is inclusive, its `end`
// exclusive. Pure, so the server's queries and the tests share one idea of a week.

const DAY_MS = 86_400_000;

/** How many months "over time" shows by default, and how many weeks, and how many sign-up months. */
export const DEFAULT_MONTHS = 12;
export const DEFAULT_WEEKS = 12;
export const DEFAULT_COHORTS = 12;

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

export function addDays(day: string, days: number): string {
  return utcDay(new Date(dateOf(day).getTime() + days * DAY_MS));
}

export function addMonths(day: string, months: number): string {
  const d = dateOf(day);
  return utcDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate())));
}

/** The first day of the month holding `day`. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The Monday of the ISO week holding `day`. */
export function weekStart(day: string): string {
  const weekday = (dateOf(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

export type PeriodUnit = 'month' | 'week';

export const periodStart = (day: string, by: PeriodUnit) =>
  by === 'month' ? monthStart(day) : weekStart(day);
export const nextPeriod = (start: string, by: PeriodUnit) =>
  by === 'month' ? addMonths(start, 1) : addDays(start, 7);

/**
 * The months or weeks from the one holding `from` to the one holding `to`, each cut to the range:
 * a range from the 15th starts with half a month, so every figure is of the days asked for.
 */
export function periodsBetween(from: string, to: string, by: PeriodUnit): { start: string; end: string }[] {
  const periods: { start: string; end: string }[] = [];
  const endOfRange = addDays(to, 1);
  for (let start = periodStart(from, by); start < endOfRange; start = nextPeriod(start, by)) {
    // YYYY-MM-DD strings order as the days do.
    const [, cutStart] = [from, start].sort();
    const [cutEnd] = [nextPeriod(start, by), endOfRange].sort();
    periods.push({ start: cutStart!, end: cutEnd! });
  }
  return periods;
}

/**
 * The range a query without one shows: the last 12 months (or weeks), the current one included,
 * to today. Either end given alone keeps that end and takes 12 periods from or to it.
 */
export function defaultPeriodRange(
  { from, to, by }: { from?: string | undefined; to?: string | undefined; by: PeriodUnit },
  today: string,
): { from: string; to: string } {
  const count = by === 'month' ? DEFAULT_MONTHS : DEFAULT_WEEKS;
  const back = (day: string) =>
    by === 'month' ? addMonths(monthStart(day), 1 - count) : addDays(weekStart(day), 7 * (1 - count));
  const forward = (day: string) =>
    addDays(by === 'month' ? addMonths(monthStart(day), count) : addDays(weekStart(day), 7 * count), -1);
  if (from && to) return { from, to };
  if (from) return { from, to: forward(from) };
  const end = to ?? today;
  return { from: back(end), to: end };
}

/** Sign-up months (first days) from the month holding `from` to the one holding `to`. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = monthStart(from); m <= to; m = addMonths(m, 1)) months.push(m);
  return months;
}

/** The cohorts a query without a range shows: the last 12 sign-up months, this one included. */
export function defaultCohortRange(
  { from, to }: { from?: string | undefined; to?: string | undefined },
  today: string,
): { from: string; to: string } {
  if (from && to) return { from: monthStart(from), to };
  if (from) return { from: monthStart(from), to: addDays(addMonths(monthStart(from), DEFAULT_COHORTS), -1) };
  const end = to ?? today;
  return { from: addMonths(monthStart(end), 1 - DEFAULT_COHORTS), to: end };
}

/** A share or rate: null when there is nothing to divide by (no paying members at the start). */
export const rateOf = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/** Whole days from `from` to `to` inclusive. */
export const daysInRange = (from: string, to: string) =>
  Math.round((dateOf(to).getTime() - dateOf(from).getTime()) / DAY_MS) + 1;
