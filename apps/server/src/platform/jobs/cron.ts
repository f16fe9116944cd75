import { CronExpressionParser } from 'cron-parser';

// A schedule's cron expression, parsed once into the sets of its fields, so that asking whether a
// minute is due is a few lookups. pg-boss's timekeeper parsed every schedule again on every
// check and walked back to its previous time (cron-parser's prev(), 0.4–3.9 ms each on this VM):
// ~11 ms of blocking JavaScript every 5 s for six schedules, which is when live messages stalled
// (docs/decisions/0019, "Eighth pass").

export type CronMinutes = {
  readonly expression: string;
  readonly minutes: ReadonlySet<number>;
  readonly hours: ReadonlySet<number>;
  readonly daysOfMonth: ReadonlySet<number>;
  readonly months: ReadonlySet<number>;
  /** 0 = Sunday (cron's 7 is folded into 0). */
  readonly daysOfWeek: ReadonlySet<number>;
  /** The day-of-month field is `*` (cron-parser 5 asks how it is written, not what it holds). */
  readonly isAnyDayOfMonth: boolean;
  /** The day-of-week field is `*`: `0-7` names every day but is a restriction all the same. */
  readonly isAnyDayOfWeek: boolean;
};

/**
 * Parses a five-field cron expression read in UTC (cron-parser's syntax: ranges, steps, names).
 * Throws on anything that is not minute-grained or that needs a calendar to answer (`L`, `W`, `#`).
 */
export function parseCron(expression: string): CronMinutes {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5)
    throw new Error(`A schedule is five cron fields, minute to day of week: "${expression}"`);
  // The last day, the nearest weekday, the nth weekday (day names hold W, never L).
  const [, , dayOfMonth, , dayOfWeek] = parts as [string, string, string, string, string];
  if (/[LW]/i.test(dayOfMonth) || /[L#]/i.test(dayOfWeek))
    throw new Error(`A schedule cannot use L, W or # (it is checked minute by minute): "${expression}"`);
  const { fields } = CronExpressionParser.parse(expression, { tz: 'UTC' });
  // Numbers only, with L, W and # refused above.
  const daysOfWeek = fields.dayOfWeek.values as readonly number[];
  return {
    expression,
    minutes: new Set(fields.minute.values),
    hours: new Set(fields.hour.values),
    daysOfMonth: new Set(fields.dayOfMonth.values as readonly number[]),
    months: new Set(fields.month.values),
    daysOfWeek: new Set(daysOfWeek.map((day) => day % 7)),
    isAnyDayOfMonth: fields.dayOfMonth.isWildcard,
    isAnyDayOfWeek: fields.dayOfWeek.isWildcard,
  };
}

/**
 * Whether the UTC minute that `minuteStart` (ms since the epoch) falls in is one of the schedule's,
 * by cron-parser's rules, so a schedule sends in the very minutes pg-boss's timekeeper sent it.
 */
export function isDue(cron: CronMinutes, minuteStart: number): boolean {
  const at = new Date(minuteStart);
  if (!cron.minutes.has(at.getUTCMinutes()) || !cron.hours.has(at.getUTCHours())) return false;
  if (!cron.months.has(at.getUTCMonth() + 1)) return false;
  const isDayOfMonth = cron.daysOfMonth.has(at.getUTCDate());
  const isDayOfWeek = cron.daysOfWeek.has(at.getUTCDay());
  // Both day fields restricted: a day that matches either (cron's classic rule); else the restricted one.
  if (cron.isAnyDayOfWeek) return isDayOfMonth;
  if (cron.isAnyDayOfMonth) return isDayOfWeek;
  return isDayOfMonth || isDayOfWeek;
}
