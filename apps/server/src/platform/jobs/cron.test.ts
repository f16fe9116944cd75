import { CronExpressionParser } from 'cron-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCHEDULES } from '../../jobs.ts';
import { isDue, parseCron } from './cron.ts';

// A schedule's minute is due exactly when pg-boss's timekeeper would have sent it: cron-parser's
// previous time, asked during the minute in UTC, is that minute.
function isDueByCronParser(expression: string, minuteStart: number) {
  const previous = CronExpressionParser.parse(expression, {
    tz: 'UTC',
    currentDate: new Date(minuteStart + 30_000),
  }).prev();
  return previous.getTime() === minuteStart;
}

const MINUTE = 60_000;
const minutes = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:00Z'), noInvalidDate: true })
  .map((date) => Math.floor(date.getTime() / MINUTE) * MINUTE);

const field = (min: number, max: number) =>
  fc.oneof(
    fc.constant('*'),
    fc.integer({ min, max }).map(String),
    fc.integer({ min: 1, max: Math.max(1, max - min) }).map((step) => `*/${step}`),
    fc
      .tuple(fc.integer({ min, max }), fc.integer({ min, max }))
      .map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`),
    fc
      .uniqueArray(fc.integer({ min, max }), { minLength: 2, maxLength: 4 })
      .map((values) => values.join(',')),
  );
// Days 1–28: cron-parser refuses a day its month lacks ("0 * 31 4 *"), and walks past such days.
const expressions = fc
  .tuple(field(0, 59), field(0, 23), field(1, 28), field(1, 12), field(0, 7))
  .map((fields) => fields.join(' '));

describe('cron schedules, parsed once', () => {
  it("are due in the minutes cron-parser's previous time names, for the server's schedules", () => {
    for (const expression of Object.values(SCHEDULES)) {
      const cron = parseCron(expression);
      fc.assert(
        fc.property(minutes, (minute) => isDue(cron, minute) === isDueByCronParser(expression, minute)),
        { numRuns: 100 },
      );
    }
  });

  it('agree with cron-parser on generated expressions (ranges, steps, lists, both day fields)', () => {
    fc.assert(
      fc.property(expressions, fc.array(minutes, { minLength: 5, maxLength: 5 }), (expression, at) => {
        // What cron-parser refuses (since 5, a day named twice: "7,0"), parseCron refuses too.
        const refused = (() => {
          try {
            CronExpressionParser.parse(expression, { tz: 'UTC' });
            return false;
          } catch {
            return true;
          }
        })();
        if (refused) {
          expect(() => parseCron(expression)).toThrow();
          return;
        }
        const cron = parseCron(expression);
        for (const minute of at) expect(isDue(cron, minute)).toBe(isDueByCronParser(expression, minute));
      }),
      { numRuns: 200 },
    );
  });

  it('are due on a day that matches either day field when both are restricted', () => {
    const cron = parseCron('0 9 13 * 5'); // the 13th, and every Friday
    expect(isDue(cron, Date.parse('2026-11-13T09:00:00Z'))).toBe(true); // a Friday the 13th
    expect(isDue(cron, Date.parse('2026-12-13T09:00:00Z'))).toBe(true); // a Sunday
    expect(isDue(cron, Date.parse('2026-12-04T09:00:00Z'))).toBe(true); // a Friday
    expect(isDue(cron, Date.parse('2026-12-03T09:00:00Z'))).toBe(false);
    expect(isDue(cron, Date.parse('2026-12-04T09:01:00Z'))).toBe(false);
  });

  it('refuses what cannot be checked minute by minute', () => {
    expect(() => parseCron('*/10 * * * * *')).toThrow(/five cron fields/);
    expect(() => parseCron('0 0 L * *')).toThrow(/L, W or #/);
    expect(() => parseCron('0 0 * * 5#2')).toThrow(/L, W or #/);
    expect(() => parseCron('61 * * * *')).toThrow();
    expect(() => parseCron('0 0 31 4 *')).toThrow();
    expect(() => parseCron('0 0 * * 7,0')).toThrow(/duplicate/);
  });

  it('reads `0-7` as a restriction of the day of week, as `*` is not', () => {
    // cron-parser 5 decides by how the field is written: every day named is still a restriction.
    const everyDay = parseCron('0 9 13 * 0-7');
    const anyDay = parseCron('0 9 13 * *');
    const the14th = Date.parse('2026-12-14T09:00:00Z');
    expect(isDue(everyDay, the14th)).toBe(true);
    expect(isDue(anyDay, the14th)).toBe(false);
    expect(isDue(anyDay, Date.parse('2026-12-13T09:00:00Z'))).toBe(true);
  });
});
