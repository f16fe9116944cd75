import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APP_LOCALE,
  formatDate,
  formatNumber,
  formatPercent,
  formatRelative,
  plural,
  pluralWord,
} from './format';

describe('formats in the app language, whatever the browser speaks', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes dates, numbers and percents in en-US even when the default locale is German', () => {
    // A German browser: Intl's default locale is de-DE. Ours must not follow it.
    const { DateTimeFormat, NumberFormat } = Intl;
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(
      class extends DateTimeFormat {
        constructor(locale?: Intl.LocalesArgument, options?: Intl.DateTimeFormatOptions) {
          super(locale ?? 'de-DE', options);
        }
      } as typeof Intl.DateTimeFormat,
    );
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(
      class extends NumberFormat {
        constructor(locale?: Intl.LocalesArgument, options?: Intl.NumberFormatOptions) {
          super(locale ?? 'de-DE', options);
        }
      } as typeof Intl.NumberFormat,
    );
    const german = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' });
    expect(german.format(new Date('2026-12-09T12:00:00Z'))).toBe('9. Dezember 2026');
    expect(formatDate('2026-12-09T12:00:00Z', 'long', 'UTC')).toBe('December 9, 2026');
    expect(formatDate('2026-12-09T12:00:00Z', 'weekdayMonthDay', 'UTC')).toBe('Wed, Dec 9');
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatPercent(0.125)).toBe('12.5%');
    expect(APP_LOCALE).toBe('en-US');
  });

  it("puts a date in the reader's calendar when given a zone", () => {
    expect(formatDate('2026-12-09T23:30:00Z', 'monthDay', 'UTC')).toBe('December 9');
    expect(formatDate('2026-12-09T23:30:00Z', 'monthDay', 'Asia/Tokyo')).toBe('December 10');
  });

  it('chooses the plural form by the language rules and formats the count', () => {
    expect(plural('day', 1)).toBe('1 day');
    expect(plural('day', 0)).toBe('0 days');
    expect(plural('day', 2)).toBe('2 days');
    expect(plural('rep', 1200)).toBe('1,200 reps');
    expect(pluralWord('day', 1)).toBe('day');
    expect(pluralWord('day', 14)).toBe('days');
  });

  it('says how long ago, then the date', () => {
    const now = Date.parse('2026-12-09T12:00:00Z');
    expect(formatRelative(null, now)).toBe('No messages yet');
    expect(formatRelative('2026-12-09T11:55:00Z', now)).toBe('5 min ago');
    expect(formatRelative('2026-12-08T06:00:00Z', now)).toBe('Yesterday');
    expect(formatRelative('2026-11-30T12:00:00Z', now)).toBe('Nov 30');
  });
});
