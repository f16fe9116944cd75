import { GRANTABLE_ROLES, type StaffRole } from '@core28/core/staff';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { coachAssignments, coachProfiles, userRoles, users } from '../../platform/db/schema.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { actionEmail } from '../../platform/mail/templates.ts';
import { assignCoach, chooseCoach, freeSeatsOf, listCoachLoads } from './coaches.ts';

// The owner's changes to the team: grants and seats, removing someone, and moving one member to
// another coach. The owner role itself is never given or taken here (ADMIN_EMAIL makes the first
// owner; seed/owner.ts).

async function rolesOf(db: DbOrTx, userId: string) {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((row) => row.role);
}

const NOT_ON_TEAM = 'This person is not on the team.';

/** A coach gets a profile under their account's name (no seats) the moment they coach. */
async function ensureCoachProfile(db: DbOrTx, userId: string, seats = 0) {
  const [account] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  await db
    .insert(coachProfiles)
    .values({ userId, name: account?.name?.trim() || account?.email.split('@')[0] || 'Coach', seats })
    .onConflictDoNothing({ target: coachProfiles.userId });
}

/**
 * Gives each of the coach's members another coach (`chooseCoach`, never this one); all or
 * nothing: 409 when some member would be left without one. Call it in a transaction.
 */
async function reassignMembersOf(tx: DbOrTx, { coachId, by }: { coachId: string; by: string }) {
  const members = await tx
    .select({ userId: coachAssignments.userId })
    .from(coachAssignments)
    .where(eq(coachAssignments.coachId, coachId));
  for (const { userId } of members) {
    const next = await chooseCoach(tx, { excluding: [coachId] });
    if (!next)
      throw new AppError(
        'CONFLICT',
        `No other coach has a free seat for their ${members.length === 1 ? 'member' : `${members.length} members`}. Give a coach more seats first, then try again.`,
      );
    await assignCoach(tx, { userId, coachId: next, by });
  }
  return members.length;
}

/** New grants (the owner keeps `owner`) and/or seats. */
export async function updateTeamMember(
  { db }: Pick<Deps, 'db'>,
  { by, userId, roles, seats }: { by: string; userId: string; roles?: StaffRole[]; seats?: number },
) {
  return db.transaction(async (tx) => {
    const current = await rolesOf(tx, userId);
    if (current.length === 0) throw new AppError('NOT_FOUND', NOT_ON_TEAM);
    const isOwner = current.includes('owner');
    let reassigned = 0;
    if (roles) {
      if (roles.length === 0 && !isOwner)
        throw new AppError('BAD_REQUEST', 'Choose at least one role, or remove them from the team.');
      const grantable = GRANTABLE_ROLES as readonly string[];
      const dropped = current.filter((role) => grantable.includes(role) && !roles.includes(role));
      if (dropped.includes('coach')) reassigned = await reassignMembersOf(tx, { coachId: userId, by });
      if (dropped.length)
        await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), inArray(userRoles.role, dropped)));
      const added = roles.filter((role) => !current.includes(role));
      if (added.length)
        await tx
          .insert(userRoles)
          .values(added.map((role) => ({ userId, role })))
          .onConflictDoNothing({ target: [userRoles.userId, userRoles.role] });
    }
    const after: StaffRole[] = roles
      ? [...new Set([...(isOwner ? (['owner'] as const) : []), ...roles])]
      : current;
    if (after.includes('coach')) await ensureCoachProfile(tx, userId);
    if (seats !== undefined) {
      if (!after.includes('coach')) throw new AppError('BAD_REQUEST', 'Only a coach has seats.');
      await tx.update(coachProfiles).set({ seats }).where(eq(coachProfiles.userId, userId));
    }
    return { roles: after.sort(), reassigned };
  });
}

/**
 * Takes someone off the team: their members go to other coaches first (409 when no seat is free
 * anywhere), then their roles go. Their account stays (a member account), and so do their
 * replies and coach profile: a conversation still says who wrote what.
 */
export async function removeFromTeam(
  { db }: Pick<Deps, 'db'>,
  { by, userId }: { by: string; userId: string },
) {
  if (userId === by) throw new AppError('BAD_REQUEST', 'You cannot remove yourself from the team.');
  return db.transaction(async (tx) => {
    const current = await rolesOf(tx, userId);
    if (current.length === 0) throw new AppError('NOT_FOUND', NOT_ON_TEAM);
    if (current.includes('owner')) throw new AppError('BAD_REQUEST', 'The owner cannot be removed here.');
    const reassigned = await reassignMembersOf(tx, { coachId: userId, by });
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    return { reassigned };
  });
}

/**
 * The owner gives one member another coach (one with a free seat, unless it is already theirs),
 * and the member is told by mail. Answers the new coach's name, or null when nothing changed.
 * (Coaching also tells them in their latest conversation: coaching/coach-change.ts.)
 */
export async function changeMemberCoach(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  { by, userId, coachId }: { by: string; userId: string; coachId: string },
): Promise<string | null> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select user_id from coach_profiles order by user_id for update`);
    const [member] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!member || (await rolesOf(tx, userId)).length > 0)
      throw new AppError('NOT_FOUND', 'Member not found.');
    const load = (await listCoachLoads(tx)).find((row) => row.coach_id === coachId);
    if (!load) throw new AppError('BAD_REQUEST', 'Choose a coach on the team.');
    const [current] = await tx
      .select({ coachId: coachAssignments.coachId })
      .from(coachAssignments)
      .where(eq(coachAssignments.userId, userId));
    if (current?.coachId === coachId) return null;
    if (freeSeatsOf(load) === 0)
      throw new AppError('CONFLICT', `${load.name} has no free seat. Give them more seats first.`);
    await assignCoach(tx, { userId, coachId, by });
    await enqueueMail(
      deps,
      tx,
      actionEmail({
        to: member.email,
        kind: 'coach-changed',
        subject: `Your Core28 coach is now ${load.name}`,
        preview: `${load.name} is your coach from now on. Your conversations stay as they are.`,
        intro: `Your coach is now ${load.name}. Your conversations and your plan stay as they are; ${load.name} reads them and answers from now on.`,
        action: 'Open 1-on-1 coaching',
        url: `${deps.config.publicUrl}/one-on-one`,
        outro: 'Questions about the change? Reply in any of your conversations.',
      }),
    );
    return load.name;
  });
}
