import {
  isPushKind,
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  type NotificationKind,
  type NotificationSettingsSchema,
  PUSH_KINDS,
  type PushKind,
  TIME_ZONE_MESSAGE,
} from '@core28/core/notifications';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type DbOrTx, rawRows } from '../../platform/db/index.ts';
import { notificationPreferences, profiles, users } from '../../platform/db/schema.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { Unsubscribe } from '../../platform/mail/templates.ts';
import { hasPushDevice } from '../push/service.ts';
import { PUSH_QUEUE, type PushJob } from './push-job.ts';
import { readUnsubscribeToken, unsubscribeToken } from './tokens.ts';

// Every notification a member may get goes through notify(): it reads the member's
// choice for that kind and sends on the channels that are on (e-mail today; push later joins here).

type Member = { userId: string };

/** Each kind's switches: a stored choice, else e-mail on and push off (the defaults). */
async function readSwitches(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      kind: notificationPreferences.kind,
      email: notificationPreferences.email,
      push: notificationPreferences.push,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const stored = new Map(rows.map((row) => [row.kind, row]));
  return {
    email: Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [kind, stored.get(kind)?.email ?? true]),
    ) as Record<NotificationKind, boolean>,
    push: Object.fromEntries(PUSH_KINDS.map((kind) => [kind, stored.get(kind)?.push ?? false])) as Record<
      PushKind,
      boolean
    >,
  };
}

const readEmailSwitches = async (db: DbOrTx, userId: string) => (await readSwitches(db, userId)).email;

/** What /profile shows: the switches, the reminder time and the time zone. */
export async function getNotificationSettings({ db }: Pick<Deps, 'db'>, { userId }: Member) {
  const [profile] = await db
    .select({ timeZone: profiles.timeZone, reminderTime: profiles.reminderTime })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!profile) throw new AppError('NOT_FOUND', 'Profile not found');
  return { ...profile, ...(await readSwitches(db, userId)) };
}

/**
 * A zone the schema took (Node's ICU knows it) that PostgreSQL's own time-zone data does not
 * (`US/Pacific-New`, gone from tzdata in 2020, or a zone newer than the server's tzdata) would
 * make every statement that reads the member's clock in SQL fail: the reminder schedule for
 * everyone, the coach's lists. Refused when saved, the same 400 as an unknown name.
 */
async function assertDatabaseKnowsZone(db: DbOrTx, timeZone: string) {
  try {
    await rawRows(db, sql`select ('2000-01-01T00:00:00Z'::timestamptz at time zone ${timeZone}) as local`);
  } catch {
    throw new AppError('BAD_REQUEST', TIME_ZONE_MESSAGE);
  }
}

export async function updateNotificationSettings(
  deps: Pick<Deps, 'db' | 'now'>,
  { userId, input }: Member & { input: z.output<typeof NotificationSettingsSchema> },
) {
  const at = deps.now();
  if (input.timeZone) await assertDatabaseKnowsZone(deps.db, input.timeZone);
  await deps.db.transaction(async (tx) => {
    const { timeZone, reminderTime } = input;
    if (timeZone !== undefined || reminderTime !== undefined)
      await tx
        .update(profiles)
        .set({ ...(timeZone ? { timeZone } : {}), ...(reminderTime ? { reminderTime } : {}), updatedAt: at })
        .where(eq(profiles.userId, userId));
    for (const [kind, email] of Object.entries(input.email ?? {}) as [NotificationKind, boolean][])
      await setEmailSwitch(tx, { userId, kind, email, at });
    for (const [kind, push] of Object.entries(input.push ?? {}) as [PushKind, boolean][])
      await tx
        .insert(notificationPreferences)
        .values({ userId, kind, email: true, push, updatedAt: at })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { push, updatedAt: at },
        });
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
  await assertDatabaseKnowsZone(db, timeZone);
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
    push,
  }: Member & {
    kind: NotificationKind;
    dedupeKey?: string;
    build: (to: { email: string; unsubscribe: Unsubscribe }) => MailMessage;
    /** The push notification's words and link; by default the mail's subject, first line and first link of ours. */
    push?: PushMessage;
  },
): Promise<boolean> {
  const [member] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!member) return false;
  const switches = await readSwitches(tx, userId);
  const token = unsubscribeToken(deps.mailLinkKey, { userId, kind });
  const unsubscribe = {
    pageUrl: `${deps.config.publicUrl}/unsubscribe?token=${token}`,
    oneClickUrl: `${deps.config.publicUrl}/api/notifications/unsubscribe?token=${token}`,
    what: NOTIFICATION_LABELS[kind].title.toLowerCase(),
  };
  // Push instead of the e-mail when the member chose it and has a device to receive it.
  if (isPushKind(kind) && switches.push[kind] && (await hasPushDevice(tx, { userId }))) {
    const message = build({ email: member.email, unsubscribe });
    await deps.jobs.enqueue(
      PUSH_QUEUE,
      { userId, kind, ...(push ?? pushOf(message, deps.config.publicUrl)) } satisfies PushJob,
      { tx, ...(dedupeKey && { singletonKey: dedupeKey }) },
    );
    return true;
  }
  if (!switches.email[kind]) return false;
  return enqueueMail(deps, tx, build({ email: member.email, unsubscribe }), { dedupeKey, atMostOnce: true });
}

type PushMessage = { title: string; body: string; url: string };

/** A push notification from a mail: its subject, the first line of its text, its first link to us. */
export function pushOf(message: MailMessage, publicUrl: string): PushMessage {
  const text = message.text ?? '';
  const firstLine =
    text
      .split('\n')
      .find((line) => line.trim() && !line.includes('://'))
      ?.trim() ?? '';
  const link = text
    .match(/https?:\/\/\S+/g)
    ?.find((url) => url.startsWith(publicUrl) && !url.includes('unsubscribe'));
  return {
    title: message.subject,
    body: firstLine.slice(0, 180),
    url: link ? link.slice(publicUrl.length) || '/' : '/program',
  };
}

/**
 * Members for whom `kind` is off on every channel, among these (the schedules skip them before
 * queueing): e-mail off and push not chosen. The same rule as notify(), which sends the push
 * instead of the e-mail when push is chosen, whatever the e-mail switch; a member with
 * push chosen but no device left gets a job that sends nothing.
 */
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
        // One parameter (a JSON array): a busy minute's tens of thousands of ids are over the
        // protocol's 65,535 parameters as a list.
        sql`${notificationPreferences.userId} in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))`,
        eq(notificationPreferences.kind, kind),
        eq(notificationPreferences.email, false),
        eq(notificationPreferences.push, false),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}
