import { describe, expect, it } from 'vitest';
import { BusinessOverTimeQuerySchema, BusinessRangeSchema } from './business.ts';
import { businessOverTimeCsv } from './business-csv.ts';
import {
  addMonths,
  defaultCohortRange,
  defaultPeriodRange,
  monthsBetween,
  periodsBetween,
  rateOf,
  weekStart,
} from './business-periods.ts';

describe('the calendar of the figures', () => {
  it('weeks start on Monday (ISO): a Sunday belongs to the week before', () => {
    expect(weekStart('2026-12-07')).toBe('2026-12-07'); // a Monday
    expect(weekStart('2026-12-13')).toBe('2026-12-07'); // its Sunday
    expect(weekStart('2026-12-14')).toBe('2026-12-14');
    expect(weekStart('2027-01-01')).toBe('2026-12-28'); // across a year
  });

  it('months add from their first day without spilling (31 January + 1 month from the 1st)', () => {
    expect(addMonths('2027-01-01', 1)).toBe('2027-02-01');
    expect(addMonths('2027-01-01', -11)).toBe('2026-02-01');
    expect(monthsBetween('2026-11-15', '2027-02-03')).toEqual([
      '2026-11-01',
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
  });

  it('periods cover the range exactly: whole months inside, cut at its ends', () => {
    expect(periodsBetween('2026-11-15', '2027-01-10', 'month')).toEqual([
      { start: '2026-11-15', end: '2026-12-01' },
      { start: '2026-12-01', end: '2027-01-01' },
      { start: '2027-01-01', end: '2027-01-11' },
    ]);
    expect(periodsBetween('2026-12-13', '2026-12-21', 'week')).toEqual([
      { start: '2026-12-13', end: '2026-12-14' },
      { start: '2026-12-14', end: '2026-12-21' },
      { start: '2026-12-21', end: '2026-12-22' },
    ]);
  });

  it('without a range: the last 12 months or weeks, this one included, to today', () => {
    expect(defaultPeriodRange({ by: 'month' }, '2026-12-10')).toEqual({
      from: '2026-01-01',
      to: '2026-12-10',
    });
    expect(periodsBetween('2026-01-01', '2026-12-10', 'month')).toHaveLength(12);
    const weeks = defaultPeriodRange({ by: 'week' }, '2026-12-10');
    expect(weeks).toEqual({ from: '2026-09-21', to: '2026-12-10' });
    expect(periodsBetween(weeks.from, weeks.to, 'week')).toHaveLength(12);
    expect(defaultPeriodRange({ by: 'month', from: '2026-03-01' }, '2026-12-10')).toEqual({
      from: '2026-03-01',
      to: '2027-02-28',
    });
    expect(defaultCohortRange({}, '2026-12-10')).toEqual({ from: '2026-01-01', to: '2026-12-10' });
    expect(defaultCohortRange({ from: '2026-03-20' }, '2026-12-10')).toEqual({
      from: '2026-03-01',
      to: '2027-02-28',
    });
  });

  it('a rate over nothing is null, not 0 or NaN', () => {
    expect(rateOf(1, 4)).toBe(0.25);
    expect(rateOf(0, 0)).toBeNull();
  });
});

describe('the query schemas', () => {
  it('refuse a range backwards, too long, or out of the calendar with a message', () => {
    const message = (input: object) => BusinessOverTimeQuerySchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ from: '2026-12-10', to: '2026-12-01' })).toBe('The start must not be after the end.');
    expect(message({ from: '2000-01-01', to: '2026-12-01' })).toBe('The range must be at most 10 years.');
    expect(message({ from: '0000-01-01' })).toBe('Dates must be from 2000-01-01 to 2999-12-31.');
    expect(message({ from: '2026-02-30' })).toBe('Dates are written YYYY-MM-DD.');
    expect(message({ by: 'day' })).toBe('Group by month or week.');
    expect(BusinessRangeSchema.safeParse({ format: 'xml' }).error?.issues[0]?.message).toBe(
      'The format is json or csv.',
    );
    expect(BusinessOverTimeQuerySchema.parse({})).toEqual({ by: 'month', format: 'json' });
  });
});

describe('CSV', () => {
  it('has a header and one line per period, amounts in dollars, an undefined rate blank', () => {
    const period = {
      start: '2026-12-01',
      end: '2027-01-01',
      mrrStartCents: 0,
      mrrEndCents: 1999,
      newMrrCents: 1999,
      expansionMrrCents: 0,
      contractionMrrCents: 0,
      churnMrrCents: 0,
      reactivationMrrCents: 0,
      payingStart: 0,
      payingEnd: 1,
      newMembers: 1,
      churnedMembers: 0,
      reactivatedMembers: 0,
      logoChurnRate: null,
      revenueChurnRate: null,
      trialStarts: 3,
      trialConversions: 1,
      trialConversionRate: 1 / 3,
      paymentsFailed: 0,
      paymentsRecovered: 0,
      paymentsLost: 0,
      collectedCents: 1999,
      refundedCents: 0,
    };
    const lines = businessOverTimeCsv({
      currency: 'USD',
      from: '2026-12-01',
      to: '2026-12-31',
      by: 'month',
      periods: [period],
    }).split('\r\n');
    expect(lines[0]).toMatch(/^start,end,mrr_start_usd,mrr_end_usd,new_mrr_usd,/);
    expect(lines[1]).toBe(
      '2026-12-01,2027-01-01,0.00,19.99,19.99,0.00,0.00,0.00,0.00,0,1,1,0,0,,,3,1,0.333333,0,0,0,19.99,0.00',
    );
    expect(lines).toHaveLength(3); // and the final line break
  });
});
