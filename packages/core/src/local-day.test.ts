import { describe, expect, it } from 'vitest';
import {
  calendarDaysBetween,
  isValidTimeZone,
  localDate,
  localMinuteOfDay,
  nextLocalMidnight,
  parseClockTime,
  passedClockTime,
} from './local-day.ts';
import {
  currentProgramDay,
  currentStreak,
  programDayNumber,
  programDayOnDate,
  programStats,
} from './program.ts';

// The member's own day, with fixed clocks (never the machine's clock or zone).
const at = (iso: string) => new Date(iso);

describe("a member's program day in their time zone", () => {
  it('turns at local midnight in Los Angeles, not at 4 pm (UTC midnight)', () => {
    const registered = at('2026-03-02T17:00:00Z'); // 09:00 on 2 March in Los Angeles (PST, -8)
    const la = 'America/Los_Angeles';
    // 21:00 local on 2 March is 05:00 UTC on 3 March: still day 1 there, day 2 by the UTC rule.
    expect(currentProgramDay(registered, at('2026-03-03T05:00:00Z'), la)).toBe(1);
    expect(currentProgramDay(registered, at('2026-03-03T05:00:00Z'), null)).toBe(2);
    expect(currentProgramDay(registered, at('2026-03-03T07:59:59Z'), la)).toBe(1);
    expect(currentProgramDay(registered, at('2026-03-03T08:00:00Z'), la)).toBe(2);
  });

  it('counts calendar days across the spring-forward and fall-back changes', () => {
    const ny = 'America/New_York';
    // Registered 23:30 local on Saturday 7 March 2026; clocks spring forward on 8 March at 02:00.
    const registered = at('2026-03-08T04:30:00Z');
    expect(currentProgramDay(registered, at('2026-03-08T04:59:59Z'), ny)).toBe(1);
    expect(currentProgramDay(registered, at('2026-03-08T05:00:00Z'), ny)).toBe(2); // 00:00 EST
    expect(currentProgramDay(registered, at('2026-03-09T03:59:59Z'), ny)).toBe(2); // 23:59 EDT
    expect(currentProgramDay(registered, at('2026-03-09T04:00:00Z'), ny)).toBe(3); // 00:00 EDT
    // Fall back on 1 November 2026: the day of 25 hours is still one day.
    const autumn = at('2026-10-31T04:30:00Z'); // 00:30 EDT on 31 October
    expect(currentProgramDay(autumn, at('2026-11-02T04:59:59Z'), ny)).toBe(2); // 23:59 EST, 1 Nov
    expect(currentProgramDay(autumn, at('2026-11-02T05:00:00Z'), ny)).toBe(3);
    expect(localDate(at('2026-11-01T05:30:00Z'), ny)).toBe('2026-11-01'); // 01:30 EDT
    expect(localDate(at('2026-11-01T06:30:00Z'), ny)).toBe('2026-11-01'); // 01:30 EST, the hour again
  });

  it('at the edges of the day in Pacific/Kiritimati (+14) and Pacific/Pago_Pago (-11)', () => {
    const kiritimati = 'Pacific/Kiritimati';
    const pagoPago = 'Pacific/Pago_Pago';
    const registered = at('2026-06-01T10:00:00Z'); // 00:00 on 2 June in Kiritimati; 23:00 on 31 May in Pago Pago
    expect(localDate(registered, kiritimati)).toBe('2026-06-02');
    expect(localDate(registered, pagoPago)).toBe('2026-05-31');
    expect(currentProgramDay(registered, at('2026-06-02T09:59:59Z'), kiritimati)).toBe(1);
    expect(currentProgramDay(registered, at('2026-06-02T10:00:00Z'), kiritimati)).toBe(2);
    expect(currentProgramDay(registered, at('2026-06-01T10:59:59Z'), pagoPago)).toBe(1);
    expect(currentProgramDay(registered, at('2026-06-01T11:00:00Z'), pagoPago)).toBe(2);
    // The same instant is two calendar days apart in the two zones (25 hours between them).
    expect(localDate(at('2026-06-01T10:30:00Z'), kiritimati)).toBe('2026-06-02');
    expect(localDate(at('2026-06-01T10:30:00Z'), pagoPago)).toBe('2026-05-31');
  });

  it('is clamped to 1..28, and programDayNumber tells the days after the program', () => {
    const registered = at('2026-01-01T12:00:00Z');
    expect(currentProgramDay(registered, at('2025-12-31T12:00:00Z'), 'Europe/Berlin')).toBe(1);
    expect(programDayNumber(registered, at('2026-01-29T12:00:00Z'), 'Europe/Berlin')).toBe(29);
    expect(currentProgramDay(registered, at('2026-01-29T12:00:00Z'), 'Europe/Berlin')).toBe(28);
  });

  it("an unknown zone name counts as UTC (the spec's rule), never an error", () => {
    const registered = at('2026-03-01T12:00:00Z');
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(currentProgramDay(registered, at('2026-03-02T00:00:00Z'), 'Mars/Olympus_Mons')).toBe(2);
  });

  it("today's streak and stats follow the local day", () => {
    const registered = at('2026-03-02T17:00:00Z');
    const la = 'America/Los_Angeles';
    // Days 1 and 2 done; at 21:00 local on day 3 the streak is 2, and still 2 at 23:59.
    const lateEvening = at('2026-03-05T07:59:00Z');
    expect(currentProgramDay(registered, lateEvening, la)).toBe(3);
    expect(currentStreak([1, 2], currentProgramDay(registered, lateEvening, la))).toBe(2);
    // By UTC it would already be day 4 and the streak gone.
    expect(currentStreak([1, 2], currentProgramDay(registered, lateEvening, null))).toBe(0);
    expect(programStats([1, 2], currentProgramDay(registered, lateEvening, la)).currentDay).toBe(3);
  });
});

describe('local clock helpers', () => {
  it("minute of the day and the next midnight, DST's short night included", () => {
    expect(localMinuteOfDay(at('2026-07-01T14:05:00Z'), 'Europe/Berlin')).toBe(16 * 60 + 5);
    expect(localMinuteOfDay(at('2026-07-01T14:05:00Z'), 'Pacific/Kiritimati')).toBe(4 * 60 + 5);
    expect(nextLocalMidnight(at('2026-03-08T04:30:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(nextLocalMidnight(at('2026-03-08T06:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    expect(nextLocalMidnight(at('2026-06-01T10:30:00Z'), 'Pacific/Kiritimati').toISOString()).toBe(
      '2026-06-02T10:00:00.000Z',
    );
  });

  it('reads HH:MM', () => {
    expect(parseClockTime('07:00')).toBe(420);
    expect(parseClockTime('23:59')).toBe(1439);
    expect(parseClockTime('24:00')).toBeNull();
    expect(parseClockTime('7:00')).toBeNull();
  });

  it("tells the date of a clock time passed in the last minutes: that occurrence's date, not now's", () => {
    const passed = (iso: string, time: string, zone: string | null = null) =>
      passedClockTime(at(iso), parseClockTime(time) as number, 3, zone);
    expect(passed('2026-07-15T07:00:00Z', '07:00')).toBe('2026-07-15');
    expect(passed('2026-07-15T07:02:59Z', '07:00')).toBe('2026-07-15');
    expect(passed('2026-07-15T07:03:00Z', '07:00')).toBeNull();
    expect(passed('2026-07-15T06:59:59Z', '07:00')).toBeNull();
    // A 23:59 time still in its window after midnight is the evening before's, never the new day's.
    expect(passed('2026-07-15T23:59:00Z', '23:59')).toBe('2026-07-15');
    expect(passed('2026-07-16T00:00:00Z', '23:59')).toBe('2026-07-15');
    expect(passed('2026-07-16T00:01:30Z', '23:59')).toBe('2026-07-15');
    expect(passed('2026-07-16T00:02:00Z', '23:59')).toBeNull();
    expect(passed('2026-07-16T00:00:00Z', '00:00')).toBe('2026-07-16');
    // Kiritimati (UTC+14): 23:58 there on 16 July is 09:58 UTC on the 16th.
    expect(passed('2026-07-16T10:00:00Z', '23:58', 'Pacific/Kiritimati')).toBe('2026-07-16');
  });

  it('passes a time the spring-forward change skips at the first minute after the gap, once a night', () => {
    const ny = 'America/New_York'; // 8 March 2026: 01:59 EST is followed by 03:00 EDT (07:00 UTC)
    const passed = (iso: string, time: string) =>
      passedClockTime(at(iso), parseClockTime(time) as number, 3, ny);
    expect(passed('2026-03-08T06:59:00Z', '02:30')).toBeNull(); // 01:59
    expect(passed('2026-03-08T07:00:00Z', '02:30')).toBe('2026-03-08'); // 03:00
    expect(passed('2026-03-08T07:02:00Z', '02:30')).toBe('2026-03-08'); // 03:02
    expect(passed('2026-03-08T07:03:00Z', '02:30')).toBeNull();
    expect(passed('2026-03-08T07:00:00Z', '02:00')).toBe('2026-03-08');
    expect(passed('2026-03-09T06:30:00Z', '02:30')).toBe('2026-03-09'); // the next night as usual
    // Fall back (1 November): 01:30 comes twice, the date is the same both times (the dedupe key's).
    expect(passed('2026-11-01T05:30:00Z', '01:30')).toBe('2026-11-01');
    expect(passed('2026-11-01T06:30:00Z', '01:30')).toBe('2026-11-01');
    expect(passed('2026-11-01T06:01:00Z', '01:59')).toBeNull(); // 01:01 EST, right after the change
  });

  it("counts a local date's program day", () => {
    const registered = at('2026-07-13T16:00:00Z'); // 09:00 on 13 July in Los Angeles
    expect(programDayOnDate(registered, '2026-07-13', 'America/Los_Angeles')).toBe(1);
    expect(programDayOnDate(registered, '2026-07-15', 'America/Los_Angeles')).toBe(3);
    expect(programDayOnDate(at('2026-07-13T23:00:00Z'), '2026-07-14', 'Pacific/Kiritimati')).toBe(1);
  });
});

describe('the per-request fast path', () => {
  it('agrees with @date-fns/tz on local dates and days between, over random instants in nine zones', async () => {
    const { TZDate, tz } = await import('@date-fns/tz');
    const { differenceInCalendarDays, format } = await import('date-fns');
    const zones = [
      'UTC',
      'America/Los_Angeles',
      'America/New_York',
      'Europe/Berlin',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'America/St_Johns',
    ];
    let seed = 20261124;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const start = Date.parse('2025-01-01T00:00:00Z');
    const span = 3 * 365 * 86_400_000;
    for (let i = 0; i < 3000; i++) {
      const zone = zones[i % zones.length]!;
      const earlier = new Date(start + Math.floor(random() * span));
      const later = new Date(earlier.getTime() + Math.floor(random() * 40 * 86_400_000));
      expect(localDate(later, zone)).toBe(format(new TZDate(later, zone), 'yyyy-MM-dd'));
      expect(calendarDaysBetween(later, earlier, zone)).toBe(
        differenceInCalendarDays(later, earlier, { in: tz(zone) }),
      );
    }
  });
});
