import {
  AVATAR_URL_TTL_SECONDS,
  type ProfileCompletionSchema,
  type ProfileUpdateSchema,
} from '@core28/core/profile';
import { and, asc, count, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  accounts,
  discussionMessages,
  discussionTopics,
  exerciseProgress,
  notificationPreferences,
  profiles,
  subscribers,
  userRoles,
  users,
  wellnessTracking,
  workoutCompletions,
} from '../../platform/db/schema.ts';
import { avatarKey, processAvatar } from '../../platform/images/avatar.ts';
import { auditAbout } from '../audit/service.ts';
import { hasRole, limitPasswordChecks } from '../auth/service.ts';
import { updateNotificationSettings } from '../notifications/service.ts';
import { getProgramState } from '../program/service.ts';
import { listPushDevices } from '../push/service.ts';
import { endPlanOnErasure } from '../subscriptions/service.ts';

type Member = { userId: string };

async function requireProfile({ db }: Pick<Deps, 'db'>, userId: string) {
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  if (!profile) throw new AppError('NOT_FOUND', 'Profile not found');
  return profile;
}

/** The member's own profile, a fresh signed avatar link and the 28-day stats card. */
export async function getProfile(deps: Deps, { userId }: Member) {
  const profile = await requireProfile(deps, userId);
  // The stats card is the current round's, as /program reads it.
  const { stats } = await getProgramState(deps, { userId });
  const avatar = profile.avatarUrl
    ? {
        url: await deps.storage.signedUrl(profile.avatarUrl, AVATAR_URL_TTL_SECONDS),
        expiresAt: new Date(deps.now().getTime() + AVATAR_URL_TTL_SECONDS * 1000).toISOString(),
      }
    : null;
  const [credential] = await deps.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return { profile, avatar, stats, hasPassword: Boolean(credential) };
}

export async function updateProfile(
  deps: Deps,
  { userId, input }: Member & { input: z.output<typeof ProfileUpdateSchema> },
) {
  await requireProfile(deps, userId);
  if (Object.keys(input).length > 0) {
    await deps.db
      .update(profiles)
      .set({
        ...input,
        displayName: input.displayName === '' ? null : input.displayName,
        updatedAt: deps.now(),
      })
      .where(eq(profiles.userId, userId));
  }
  return getProfile(deps, { userId });
}

export async function completeProfile(
  deps: Deps,
  { userId, input }: Member & { input: z.output<typeof ProfileCompletionSchema> },
) {
  const { termsAccepted: _accepted, workoutReminder, ...fields } = input;
  await requireProfile(deps, userId);
  await deps.db
    .update(profiles)
    .set({ ...fields, updatedAt: deps.now() })
    .where(eq(profiles.userId, userId));
  await updateNotificationSettings(deps, {
    userId,
    input: { email: { 'workout-reminder': workoutReminder } },
  });
  return getProfile(deps, { userId });
}

export async function replaceAvatar(deps: Deps, { userId, bytes }: Member & { bytes: Buffer }) {
  await requireProfile(deps, userId);
  const image = await processAvatar(bytes);
  const key = avatarKey(userId);
  await deps.storage.put(key, image, 'image/webp');
  await deps.db
    .update(profiles)
    .set({ avatarUrl: key, updatedAt: deps.now() })
    .where(eq(profiles.userId, userId));
  return getProfile(deps, { userId });
}

const exportedProfile = ({ calendarToken, avatarUrl, ...profile }: typeof profiles.$inferSelect) => ({
  ...profile,
  hasAvatar: avatarUrl !== null,
  hasCalendarLink: calendarToken !== null,
});

/**
 * Everything stored about the member, as one JSON document (GDPR art. 15 and 20). Not what works
 * as a key: the calendar feed's token (a bearer secret: a downloaded file gets passed around),
 * storage keys of the avatar and attachments, a device's push endpoint and keys. What they stand
 * for is there: whether a link and an avatar exist, each attachment's type and size, each device's
 * push service and date.
 */
export async function exportMemberData({ db }: Pick<Deps, 'db'>, { userId }: Member) {
  const [account] = await db
    .select({ email: users.email, emailVerified: users.emailVerified, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId));
  const topics = await db.select().from(discussionTopics).where(eq(discussionTopics.userId, userId));
  const topicIds = topics.map((topic) => topic.id);
  const messages = topicIds.length
    ? await db
        .select({
          id: discussionMessages.id,
          topicId: discussionMessages.topicId,
          message: discussionMessages.message,
          isCoachReply: discussionMessages.isCoachReply,
          readByUser: discussionMessages.readByUser,
          attachmentType: discussionMessages.attachmentType,
          attachmentSize: discussionMessages.attachmentSize,
          createdAt: discussionMessages.createdAt,
        })
        .from(discussionMessages)
        .where(inArray(discussionMessages.topicId, topicIds))
        .orderBy(asc(discussionMessages.createdAt))
    : [];
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const [subscription] = await db
    .select({
      subscribed: subscribers.subscribed,
      subscriptionTier: subscribers.subscriptionTier,
      subscriptionEnd: subscribers.subscriptionEnd,
      isTrial: subscribers.isTrial,
      trialEnd: subscribers.trialEnd,
      createdAt: subscribers.createdAt,
    })
    .from(subscribers)
    .where(eq(subscribers.userId, userId));
  const byUser = <T extends { userId: unknown }>(table: T) => eq(table.userId as never, userId);
  return {
    exportedAt: new Date().toISOString(),
    account,
    profile: profile ? exportedProfile(profile) : null,
    subscription: subscription ?? null,
    completedDays: await db.select().from(workoutCompletions).where(byUser(workoutCompletions)),
    dayResults: await db.select().from(exerciseProgress).where(byUser(exerciseProgress)),
    wellness: await db.select().from(wellnessTracking).where(byUser(wellnessTracking)),
    notificationPreferences: await db
      .select()
      .from(notificationPreferences)
      .where(byUser(notificationPreferences)),
    coaching: topics.map((topic) => ({
      ...topic,
      messages: messages
        .filter((m) => m.topicId === topic.id)
        .map(({ attachmentType: type, attachmentSize: size, ...m }) => ({
          ...m,
          attachment: type && size !== null ? { type, size } : null,
        })),
    })),
    pushDevices: (await listPushDevices({ db }, { userId })).map(({ host, createdAt }) => ({
      host,
      createdAt,
    })),
    /** What the staff did about the member (the audit log's rows naming them). */
    staffActions: await auditAbout({ db }, { userId }),
  };
}

/**
 * Deletes the account and everything of it (rows cascade from users) plus the stored avatar,
 * after cancelling a paid subscription at the payment provider, so no charge follows.
 */
export async function deleteAccount(
  deps: Deps,
  { userId, password, clientIp }: Member & { password: string; clientIp: string },
) {
  await limitPasswordChecks(deps, {
    keys: [`delete-account:member:${userId}`, `delete-account:client:${clientIp}`],
  });
  const [credential] = await deps.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  if (credential?.hash) {
    const context = await deps.auth.$context;
    const isValid = await context.password.verify({ hash: credential.hash, password });
    if (!isValid) throw new AppError('BAD_REQUEST', 'That password is not correct.');
  }
  if (await hasRole(deps, { userId, role: 'owner' })) {
    const [owners] = await deps.db.select({ n: count() }).from(userRoles).where(eq(userRoles.role, 'owner'));
    if ((owners?.n ?? 0) <= 1) throw new AppError('CONFLICT', 'The owner cannot delete their account.');
  }
  const [subscription] = await deps.db
    .select({ id: subscribers.providerSubscriptionId })
    .from(subscribers)
    .where(eq(subscribers.userId, userId));
  if (subscription?.id) await deps.payments.cancelNow(subscription.id);
  const [profile] = await deps.db
    .select({ avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  // Every file stored for them goes with the rows: the avatar, and the photos and videos of their
  // conversations (theirs and the coach's replies in them) and of their own replies elsewhere.
  const attachments = await deps.db
    .select({ key: discussionMessages.attachmentKey })
    .from(discussionMessages)
    .innerJoin(discussionTopics, eq(discussionTopics.id, discussionMessages.topicId))
    .where(
      and(
        isNotNull(discussionMessages.attachmentKey),
        or(eq(discussionTopics.userId, userId), eq(discussionMessages.userId, userId)),
      ),
    );
  await deps.db.transaction(async (tx) => {
    await endPlanOnErasure(deps, tx, { userId });
    await tx.delete(users).where(eq(users.id, userId));
  });
  const keys = [profile?.avatarUrl, ...attachments.map((a) => a.key)].filter((key): key is string => !!key);
  for (const key of keys)
    await deps.storage
      .remove(key)
      .catch((err) => deps.log.error({ err }, 'a deleted member’s stored file could not be removed'));
}
