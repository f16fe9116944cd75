import { BUSINESS_CURRENCY } from '@core28/core/plans';

// The business page's numbers as the owner reads them: US dollars (the plans' currency) and
// shares in the owner's own locale, never NaN or "undefined" on a business with no figures yet.

export type Format = {
  locale: string;
  /** An amount with its cents (a $9.99 checkout shows in MRR to the cent). */
  money: (cents: number) => string;
  /** A compact amount for a chart axis ($1.2K). */
  moneyAxis: (cents: number) => string;
  count: (n: number) => string;
  /** A share 0–1; "–" when there is nothing to divide by. */
  percent: (share: number | null | undefined) => string;
  /** A period's start as a month ("Jan 2026") or a week ("Week of 5 Jan 2026"). */
  period: (start: string, by: 'month' | 'week') => string;
  month: (yyyyMm: string) => string;
  dateTime: (iso: string) => string;
};

const finite = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n : 0);
/** A YYYY-MM-DD (or YYYY-MM) as the UTC day it names. */
const utcDay = (day: string) => new Date(`${day.length === 7 ? `${day}-01` : day}T00:00:00Z`);

/** A malformed language tag throws in Intl; an unknown one is no use: both read as en-US. */
function isKnownLocale(locale: string) {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0;
  } catch {
    return false;
  }
}

export function makeFormat(locale: string): Format {
  const safe = isKnownLocale(locale) ? locale : 'en-US';
  const currency = (digits: number, notation?: 'compact') =>
    new Intl.NumberFormat(safe, {
      style: 'currency',
      currency: BUSINESS_CURRENCY,
      minimumFractionDigits: notation ? undefined : digits,
      maximumFractionDigits: digits,
      notation,
    });
  const exact = currency(2);
  const axis = currency(1, 'compact');
  const count = new Intl.NumberFormat(safe);
  const percent = new Intl.NumberFormat(safe, { style: 'percent', maximumFractionDigits: 1 });
  const month = new Intl.DateTimeFormat(safe, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  const day = new Intl.DateTimeFormat(safe, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const dateTime = new Intl.DateTimeFormat(safe, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    locale: safe,
    money: (cents) => exact.format(finite(cents) / 100),
    moneyAxis: (cents) => axis.format(finite(cents) / 100),
    count: (n) => count.format(finite(n)),
    percent: (share) => (typeof share === 'number' && Number.isFinite(share) ? percent.format(share) : '–'),
    period: (start, by) =>
      by === 'month' ? month.format(utcDay(start)) : `Week of ${day.format(utcDay(start))}`,
    month: (yyyyMm) => month.format(utcDay(yyyyMm)),
    dateTime: (iso) => {
      const at = new Date(iso);
      return Number.isNaN(at.getTime()) ? '–' : dateTime.format(at);
    },
  };
}

/** The viewer's locale (the browser's language; en-US where there is none, as in a test). */
export const viewerLocale = () => (typeof navigator !== 'undefined' && navigator.language) || 'en-US';

// ---- date ranges (UTC days, as the server counts them) ----

const iso = (d: Date) => d.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * The range the page shows when the owner picks none: the last 12 months by month (the 1st of the
 * month 11 months back to today), or the last 12 ISO weeks by week (the Monday 11 weeks back).
 */
export function defaultRange(by: 'month' | 'week', today: Date) {
  const to = iso(today);
  if (by === 'month') {
    return { from: iso(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1))), to };
  }
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  const monday =
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - sinceMonday * DAY_MS;
  return { from: iso(new Date(monday - 11 * 7 * DAY_MS)), to };
}

/** A YYYY-MM-DD that names a real day, else null (a hand-edited URL). */
export function validDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && iso(day) === value ? value : null;
}

// ---- CSV ----

export type CsvCell = string | number | null | undefined;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, line break or edge space, quotes
 * doubled. Text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading
 * apostrophe; numbers are written as they are (a negative amount stays a number).
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header row and the rows, CRLF between lines (what spreadsheets expect). */
export const toCsv = (header: string[], rows: CsvCell[][]) =>
  `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;

/** Cents as dollars with two decimals, for a spreadsheet (no currency sign, no grouping). */
export const csvMoney = (cents: number) => (finite(cents) / 100).toFixed(2);
/** A share as a fraction with four decimals; empty where there is nothing to divide by. */
export const csvShare = (share: number | null | undefined) =>
  typeof share === 'number' && Number.isFinite(share) ? share.toFixed(4) : '';

/** "business-mrr-2026-01-01-to-2026-12-07.csv" */
export const csvFileName = (what: string, range: { from: string; to: string }) =>
  `business-${what}-${range.from}-to-${range.to}.csv`;

/** Saves the CSV in the browser (a BOM so a spreadsheet reads it as UTF-8). */
export function downloadCsv(fileName: string, csv: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
