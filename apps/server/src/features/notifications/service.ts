import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  type NotificationKind,
  type NotificationSettingsSchema,
} from '@core28/core/notifications';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { notificationPreferences, profiles, users } from '../../platform/db/schema.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { Unsubscribe } from '../../platform/mail/templates.ts';
import { readUnsubscribeToken, unsubscribeToken } from './tokens.ts';

// Issue 20: every notification a member may get goes through notify(): it reads the member's
// choice for that kind and sends on the channels that are on (e-mail today; push later joins here).

type Member = { userId: string };

/** Each kind's e-mail switch: a stored choice, else on (the default for every kind). */
async function readEmailSwitches(db: DbOrTx, userId: string): Promise<Record<NotificationKind, boolean>> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const stored = new Map(rows.map((row) => [row.kind, row.email]));
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, stored.get(kind) ?? true])) as Record<
    NotificationKind,
    boolean
  >;
}

/** What /profile shows: the switches, the reminder time and the time zone. */
export async function getNotificationSettings({ db }: Pick<Deps, 'db'>, { userId }: Member) {
  const [profile] = await db
    .select({ timeZone: profiles.timeZone, reminderTime: profiles.reminderTime })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!profile) throw new AppError('NOT_FOUND', 'Profile not found');
  return { ...profile, email: await readEmailSwitches(db, userId) };
}

export async function updateNotificationSettings(
  deps: Pick<Deps, 'db' | 'now'>,
  { userId, input }: Member & { input: z.output<typeof NotificationSettingsSchema> },
) {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const { timeZone, reminderTime } = input;
    if (timeZone !== undefined || reminderTime !== undefined)
      await tx
        .update(profiles)
        .set({ ...(timeZone ? { timeZone } : {}), ...(reminderTime ? { reminderTime } : {}), updatedAt: at })
        .where(eq(profiles.userId, userId));
    for (const [kind, email] of Object.entries(input.email ?? {}) as [NotificationKind, boolean][])
      await setEmailSwitch(tx, { userId, kind, email, at });
  });
  return getNotificationSettings(deps, { userId });
}

const setEmailSwitch = (
  db: DbOrTx,
  { userId, kind, email, at }: Member & { kind: NotificationKind; email: boolean; at: Date },
) =>
  db
    .insert(notificationPreferences)
    .values({ userId, kind, email, updatedAt: at })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email, updatedAt: at },
    });

/** The time zone from the browser at sign-up or first sign-in: set only while none is set. */
export async function setTimeZoneIfUnset(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  { userId, timeZone }: Member & { timeZone: string },
) {
  await db
    .update(profiles)
    .set({ timeZone, updatedAt: now() })
    .where(and(eq(profiles.userId, userId), isNull(profiles.timeZone)));
}

/** What an unsubscribe link stands for, without changing anything (the page asks first). */
export async function describeUnsubscribe(
  deps: Pick<Deps, 'db' | 'mailLinkKey'>,
  { token }: { token: string },
) {
  const target = readUnsubscribeToken(deps.mailLinkKey, token);
  if (!target) throw new AppError('BAD_REQUEST', 'This unsubscribe link is not valid');
  const switches = await readEmailSwitches(deps.db, target.userId);
  return { kind: target.kind, title: NOTIFICATION_LABELS[target.kind].title, isOn: switches[target.kind] };
}

/** RFC 8058 one-click: turns that one kind off for that member, signed in or not. Idempotent. */
export async function unsubscribe(
  deps: Pick<Deps, 'db' | 'now' | 'mailLinkKey'>,
  { token }: { token: string },
) {
  const target = readUnsubscribeToken(deps.mailLinkKey, token);
  if (!target) throw new AppError('BAD_REQUEST', 'This unsubscribe link is not valid');
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, target.userId));
  // The account is gone: nothing will be sent to it again; the link still answers as done.
  if (user) await setEmailSwitch(deps.db, { ...target, email: false, at: deps.now() });
  return { kind: target.kind, title: NOTIFICATION_LABELS[target.kind].title, isOn: false };
}

/**
 * Sends one notification of `kind` to a member, when that kind is on: the message is built with
 * the member's address and the kind's unsubscribe links, and written to the mail outbox in `tx`
 * (once per `dedupeKey`). Answers whether it was written.
 */
export async function notify(
  deps: Pick<Deps, 'config' | 'jobs' | 'mailLinkKey'>,
  tx: DbOrTx,
  {
    userId,
    kind,
    dedupeKey,
    build,
  }: Member & {
    kind: NotificationKind;
    dedupeKey?: string;
    build: (to: { email: string; unsubscribe: Unsubscribe }) => MailMessage;
  },
): Promise<boolean> {
  const [member] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!member) return false;
  const switches = await readEmailSwitches(tx, userId);
  if (!switches[kind]) return false;
  const token = unsubscribeToken(deps.mailLinkKey, { userId, kind });
  const unsubscribe = {
    pageUrl: `${deps.config.publicUrl}/unsubscribe?token=${token}`,
    oneClickUrl: `${deps.config.publicUrl}/api/notifications/unsubscribe?token=${token}`,
    what: NOTIFICATION_LABELS[kind].title.toLowerCase(),
  };
  return enqueueMail(deps, tx, build({ email: member.email, unsubscribe }), { dedupeKey });
}

/** Members whose switch for `kind` is off, among these (the schedules skip them before queueing). */
export async function listSwitchedOff(
  db: DbOrTx,
  { userIds, kind }: { userIds: string[]; kind: NotificationKind },
) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.userId, userIds),
        eq(notificationPreferences.kind, kind),
        eq(notificationPreferences.email, false),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}
