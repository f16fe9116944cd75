import { randomBytes } from 'node:crypto';
import { AVATAR_URL_TTL_SECONDS } from '@core28/core/profile';
import type { CoachCard } from '@core28/core/team';
import { eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { coachAssignments, coachProfiles, users } from '../../platform/db/schema.ts';
import { processAvatar } from '../../platform/images/avatar.ts';

// A coach as members see them: their name, a short bio and a photo, edited by the coach. The
// photo goes through the avatar's pipeline (checked by its bytes, re-encoded, metadata dropped).

type StorageDeps = Pick<Deps, 'db' | 'storage'>;

const photoUrlOf = (storage: Deps['storage'], key: string | null) =>
  key ? storage.signedUrl(key, AVATAR_URL_TTL_SECONDS) : Promise.resolve(null);

/** The coach's own profile (before their first edit: their account's name, no bio, no photo). */
export async function getCoachProfile({ db, storage }: StorageDeps, { userId }: { userId: string }) {
  const [row] = await db
    .select({
      name: coachProfiles.name,
      bio: coachProfiles.bio,
      photoKey: coachProfiles.photoKey,
      seats: coachProfiles.seats,
    })
    .from(coachProfiles)
    .where(eq(coachProfiles.userId, userId));
  if (row) {
    const { photoKey, ...rest } = row;
    return { ...rest, photoUrl: await photoUrlOf(storage, photoKey) };
  }
  const [account] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return { name: account?.name?.trim() || '', bio: '', seats: 0, photoUrl: null };
}

async function defaultName(db: Deps['db'], userId: string) {
  const [account] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return account?.name?.trim() || account?.email.split('@')[0] || 'Coach';
}

export async function updateCoachProfile(
  deps: StorageDeps,
  { userId, name, bio }: { userId: string; name: string; bio: string },
) {
  await deps.db
    .insert(coachProfiles)
    .values({ userId, name, bio })
    .onConflictDoUpdate({ target: coachProfiles.userId, set: { name, bio } });
  return getCoachProfile(deps, { userId });
}

/** A new photo under a new key (a cached old one is never shown for the new), the old one removed. */
export async function replaceCoachPhoto(
  deps: StorageDeps,
  { userId, bytes }: { userId: string; bytes: Buffer },
) {
  const image = await processAvatar(bytes);
  const key = `coaches/${userId}/photo-${randomBytes(6).toString('hex')}.webp`;
  await deps.storage.put(key, image, 'image/webp');
  const [before] = await deps.db
    .select({ photoKey: coachProfiles.photoKey })
    .from(coachProfiles)
    .where(eq(coachProfiles.userId, userId));
  await deps.db
    .insert(coachProfiles)
    .values({ userId, name: await defaultName(deps.db, userId), photoKey: key })
    .onConflictDoUpdate({ target: coachProfiles.userId, set: { photoKey: key } });
  if (before?.photoKey) await deps.storage.remove(before.photoKey).catch(() => {});
  return getCoachProfile(deps, { userId });
}

/** The coaches' cards by account id, for the ids that have a profile (a reply's author). */
export async function coachCards(
  { db, storage }: StorageDeps,
  ids: string[],
): Promise<Map<string, CoachCard>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: coachProfiles.userId,
      name: coachProfiles.name,
      bio: coachProfiles.bio,
      photoKey: coachProfiles.photoKey,
    })
    .from(coachProfiles)
    .where(inArray(coachProfiles.userId, [...new Set(ids)]));
  const cards = await Promise.all(
    rows.map(async ({ photoKey, ...row }) => ({ ...row, photoUrl: await photoUrlOf(storage, photoKey) })),
  );
  return new Map(cards.map((card) => [card.id, card]));
}

/** The member's own coach as their one-on-one page shows them (null: none assigned yet). */
export async function memberCoachCard(deps: StorageDeps, { userId }: { userId: string }) {
  const [row] = await deps.db
    .select({ coachId: coachAssignments.coachId })
    .from(coachAssignments)
    .where(eq(coachAssignments.userId, userId));
  if (!row) return null;
  return (await coachCards(deps, [row.coachId])).get(row.coachId) ?? null;
}
