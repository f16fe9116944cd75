import { z } from 'zod';
import type { Capability } from './entitlements.ts';
import { isValidTimeZone, parseClockTime } from './local-day.ts';

// What a member may be told, one switch each (docs/decisions/0014). E-mail is the one
// channel today; a push channel (the installable app) becomes a second column per kind.

export const NOTIFICATION_KINDS = [
  'workout-reminder',
  'streak-at-risk',
  'weekly-summary',
  'round-finished',
  'coaching',
  'trial-ending',
  'payment-failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * What a kind needs of the member's plan (core's entitlements.ts): the habit mails need reminders,
 * coach replies need coaching; the account's own mails (trial, payments) go to everyone.
 */
export const NOTIFICATION_NEEDS: Record<NotificationKind, Capability | null> = {
  'workout-reminder': 'reminders',
  'streak-at-risk': 'reminders',
  'weekly-summary': 'reminders',
  'round-finished': 'reminders',
  coaching: 'coaching',
  'trial-ending': null,
  'payment-failed': null,
};

export const NOTIFICATION_LABELS: Record<NotificationKind, { title: string; description: string }> = {
  'workout-reminder': {
    title: 'Workout reminder',
    description: "Today's day and exercise at your reminder time, unless you already trained.",
  },
  'streak-at-risk': {
    title: 'Streak at risk',
    description: 'At 8 pm when your streak of 3 or more days would break tonight.',
  },
  'weekly-summary': {
    title: 'Weekly summary',
    description: 'Your week: days, minutes, reps, feeling, energy and achievements.',
  },
  'round-finished': {
    title: 'Next round ready',
    description: 'When a round ends, and once more a week later if you have not started another.',
  },
  coaching: { title: 'Coach replies', description: 'When a reply from your coach stays unread for a while.' },
  'trial-ending': { title: 'Trial ending', description: 'A few days before your free trial ends.' },
  'payment-failed': { title: 'Payment problems', description: 'When a payment for your plan fails.' },
};

/**
 * The kinds a member may have as a push notification instead of an e-mail (on the
 * devices where they turned push on; without such a device the e-mail goes as before).
 */
export const PUSH_KINDS = [
  'workout-reminder',
  'streak-at-risk',
  'weekly-summary',
  'round-finished',
  'coaching',
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
export const isPushKind = (kind: NotificationKind): kind is PushKind =>
  (PUSH_KINDS as readonly string[]).includes(kind);

/** The kinds a new member gets: all of them (the reminder at 07:00, shown at profile completion). */
export const DEFAULT_REMINDER_TIME = '07:00';
/** A reminder goes within this many minutes after its time (the schedule runs every minute). */
export const REMINDER_WINDOW_MINUTES = 3;
/** Streak at risk: at 20:00 local, from a streak of 3. */
export const STREAK_AT_RISK_TIME = '20:00';
export const STREAK_AT_RISK_MIN = 3;
/**
 * Weekly summary: at 08:00 local on the first day after each week of the round (days 8, 15, 22, 29
 * of Core28; 8, 15, 22 of a 21-day program). The round's day, not registration's (0026).
 */
export const WEEKLY_SUMMARY_TIME = '08:00';
export const isWeeklySummaryDay = (dayNumber: number, length = 28) =>
  dayNumber > 1 && dayNumber <= Math.ceil(length / 7) * 7 + 1 && (dayNumber - 1) % 7 === 0;

/**
 * The round-end reminder (docs/decisions/0026): at the member's reminder time on the day after the
 * round's last day, and once more a week later if the same round is still the current one; then
 * silence. Which of the two a round day is, or null.
 */
export const ROUND_FOLLOW_UP_DAYS = 7;
export function roundEndReminderOf(dayNumber: number, length: number): 'ended' | 'follow-up' | null {
  if (dayNumber === length + 1) return 'ended';
  if (dayNumber === length + 1 + ROUND_FOLLOW_UP_DAYS) return 'follow-up';
  return null;
}

export const TIME_ZONE_MESSAGE = 'Please choose a time zone from the list';
export const TimeZoneSchema = z.string().trim().refine(isValidTimeZone, TIME_ZONE_MESSAGE);

export const ReminderTimeSchema = z
  .string()
  .trim()
  .refine((text) => parseClockTime(text) !== null, 'Please enter a time like 07:30')
  .transform((text) => text.slice(0, 5));

/** The member's day and reminder hour: the profile's "Reminders and e-mails" form. */
export const ReminderSettingsSchema = z.object({
  timeZone: TimeZoneSchema,
  reminderTime: ReminderTimeSchema,
});
export type ReminderSettingsInput = z.input<typeof ReminderSettingsSchema>;

/** POST /api/notifications/time-zone: the browser's zone, kept when the member has none yet. */
export const TimeZoneBodySchema = ReminderSettingsSchema.pick({ timeZone: true });

/** PUT /api/notifications: any of the switches, the reminder time, the time zone. */
export const NotificationSettingsSchema = ReminderSettingsSchema.extend({
  email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()),
  push: z.partialRecord(z.enum(PUSH_KINDS), z.boolean()),
}).partial();
export type NotificationSettingsInput = z.input<typeof NotificationSettingsSchema>;

export const UnsubscribeQuerySchema = z.object({
  token: z
    .string()
    .min(10, 'This unsubscribe link is not valid')
    .max(400, 'This unsubscribe link is not valid'),
});
