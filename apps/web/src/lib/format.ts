/**
 * Dates, numbers and plurals in the app's language, in one place. The app speaks English today; every
 * Intl call names APP_LOCALE, never the browser's locale, so an English sentence never reads
 * "9. Dezember 2026" in a German browser. Ready for more languages: a locale's words live in its
 * catalogue (messages below), its dates, numbers and plural rules come from Intl for that locale.
 * (The owner's business page formats amounts in the owner's own locale on purpose: admin/business/format.ts.)
 */
export const APP_LOCALE = 'en-US';

type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The words that change with a count; `#` is the formatted number. */
const messages = {
  'en-US': {
    day: { one: '# day', other: '# days' },
    exercise: { one: '# exercise', other: '# exercises' },
    set: { one: '# set', other: '# sets' },
    rep: { one: '# rep', other: '# reps' },
    minute: { one: '# minute', other: '# minutes' },
    member: { one: '# member', other: '# members' },
    message: { one: '# message', other: '# messages' },
  },
} satisfies Record<string, Record<string, PluralForms>>;

export type PluralKey = keyof (typeof messages)['en-US'];

const pluralRules = new Intl.PluralRules(APP_LOCALE);
const integer = new Intl.NumberFormat(APP_LOCALE);

/** "1 day", "5 days", "1,200 reps". */
export function plural(key: PluralKey, count: number) {
  const forms: PluralForms = messages[APP_LOCALE][key];
  const form = forms[pluralRules.select(count)] ?? forms.other;
  return form.replace('#', integer.format(count));
}

/** The word alone for a count: "day" or "days" (when the number is drawn apart from its unit). */
export function pluralWord(key: PluralKey, count: number) {
  return plural(key, count).replace(integer.format(count), '').trim();
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions) {
  return new Intl.NumberFormat(APP_LOCALE, options).format(value);
}

/** 0.125 → "12.5%". */
export function formatPercent(ratio: number, maximumFractionDigits = 1) {
  return new Intl.NumberFormat(APP_LOCALE, { style: 'percent', maximumFractionDigits }).format(ratio);
}

/** The date styles the app uses, by name, so pages agree. */
export const DATE_STYLES = {
  /** "December 9, 2026" */
  long: { dateStyle: 'long' },
  /** "Dec 9, 2026" */
  medium: { dateStyle: 'medium' },
  /** "December 9" */
  monthDay: { month: 'long', day: 'numeric' },
  /** "Dec 9" */
  shortMonthDay: { month: 'short', day: 'numeric' },
  /** "Wed, Dec 9" */
  weekdayMonthDay: { weekday: 'short', month: 'short', day: 'numeric' },
  /** "Dec 9, 2026, 5:30 PM" */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

/**
 * An instant as a date in the app's language. `timeZone`: whose calendar (the member's zone for their
 * program days); by default the device's, which is the reader's own.
 */
export function formatDate(
  value: string | number | Date,
  style: DateStyle | Intl.DateTimeFormatOptions = 'long',
  timeZone?: string,
) {
  const options = typeof style === 'string' ? DATE_STYLES[style] : style;
  return new Intl.DateTimeFormat(APP_LOCALE, { ...options, timeZone }).format(new Date(value));
}

/** "5 min ago", "Yesterday", or a date: for topic and message lists. */
export function formatRelative(iso: string | null, now = Date.now()) {
  if (!iso) return 'No messages yet';
  const minutes = Math.round((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  if (hours < 48) return 'Yesterday';
  return formatDate(iso, 'shortMonthDay');
}
