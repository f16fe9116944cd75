import { createHash, randomBytes } from 'node:crypto';
import { ROLE_LABELS, type StaffRole } from '@core28/core/staff';
import { INVITATION_DAYS, type InvitationPreview, type InvitationRow } from '@core28/core/team';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { coachProfiles, staffInvitations, userRoles, users } from '../../platform/db/schema.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { actionEmail } from '../../platform/mail/templates.ts';
import { type Actor, writeAudit } from '../audit/service.ts';

// Joining the team: the owner invites an address with roles; the link carries a random token of
// which only the sha256 is stored, works once, for INVITATION_DAYS, and only for the account with
// that address.

const DAY_MS = 86_400_000;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
export const joinUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/team/join?token=${encodeURIComponent(token)}`;

const rolesInWords = (roles: readonly string[]) =>
  roles.map((role) => ROLE_LABELS[role as StaffRole] ?? role).join(', ');

/** A new invitation, its mail in the same transaction. Answers the row (never the token). */
export async function createInvitation(
  deps: Pick<Deps, 'db' | 'jobs' | 'config' | 'now'>,
  { invitedBy, email, roles }: { invitedBy: string; email: string; roles: string[] },
) {
  const token = randomBytes(32).toString('base64url');
  const address = email.toLowerCase();
  const [inviter] = await deps.db
    .select({ name: sql<string>`coalesce(${coachProfiles.name}, ${users.name}, ${users.email})` })
    .from(users)
    .leftJoin(coachProfiles, eq(coachProfiles.userId, users.id))
    .where(eq(users.id, invitedBy));
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        email: address,
        roles,
        tokenHash: hashOf(token),
        invitedBy,
        expiresAt: new Date(deps.now().getTime() + INVITATION_DAYS * DAY_MS),
      })
      .returning();
    await enqueueMail(
      deps,
      tx,
      actionEmail({
        to: address,
        kind: 'team-invitation',
        subject: 'You are invited to the Core28 team',
        preview: `${inviter?.name ?? 'The owner'} invites you to join Core28 as ${rolesInWords(roles)}.`,
        intro: `${inviter?.name ?? 'The owner'} invites you to join the Core28 team as ${rolesInWords(roles)}. Sign in (or create your account) with this address, ${address}, then accept.`,
        action: 'Join the team',
        url: joinUrl(deps.config.publicUrl, token),
        outro: `The link works once and expires in ${INVITATION_DAYS} days. If you did not expect it, ignore this e-mail.`,
      }),
    );
    if (!row) throw new Error('the invitation was not written');
    return toRow(row);
  });
}

const toRow = (row: typeof staffInvitations.$inferSelect): InvitationRow => ({
  id: row.id,
  email: row.email,
  roles: row.roles,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/** The invitations not yet accepted, revoked or expired, newest first. */
export async function listOpenInvitations({ db, now }: Pick<Deps, 'db' | 'now'>) {
  const rows = await db
    .select()
    .from(staffInvitations)
    .where(
      and(
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now()),
      ),
    )
    .orderBy(desc(staffInvitations.createdAt));
  return rows.map(toRow);
}

export async function revokeInvitation({ db, now }: Pick<Deps, 'db' | 'now'>, { id }: { id: string }) {
  const [row] = await db
    .update(staffInvitations)
    .set({ revokedAt: now() })
    .where(
      and(
        eq(staffInvitations.id, id),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
      ),
    )
    .returning({ id: staffInvitations.id });
  if (!row) throw new AppError('NOT_FOUND', 'No open invitation with this id.');
}

const stateOf = (row: typeof staffInvitations.$inferSelect, now: Date): InvitationPreview['state'] =>
  row.acceptedAt ? 'accepted' : row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'open';

const REFUSALS: Record<Exclude<InvitationPreview['state'], 'open'>, string> = {
  accepted: 'This invitation has already been used. Ask the owner for a new one if you need it.',
  revoked: 'This invitation was withdrawn by the owner.',
  expired: `This invitation has expired (links work for ${INVITATION_DAYS} days). Ask the owner for a new one.`,
};
const UNKNOWN = 'This invitation link is not valid. Check that you opened the whole link from the e-mail.';

/** What the join page shows for a token: the address, the roles, and whether it still works. */
export async function previewInvitation(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  { token }: { token: string },
): Promise<InvitationPreview> {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, hashOf(token)));
  if (!row) throw new AppError('NOT_FOUND', UNKNOWN);
  return { email: row.email, roles: row.roles, state: stateOf(row, now()) };
}

/**
 * The signed-in account accepts: its e-mail must be the invitation's. It gets the roles (a coach a
 * profile under their name, with no seats until the owner gives some), the invitation is used up,
 * and the audit log says who joined as what. The row is locked, so a link clicked twice at once
 * gives the roles once.
 */
export async function acceptInvitation(
  { db, now }: Pick<Deps, 'db' | 'now'>,
  { token, actor }: { token: string; actor: Actor },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.tokenHash, hashOf(token)))
      .for('update');
    if (!row) throw new AppError('BAD_REQUEST', UNKNOWN);
    const state = stateOf(row, now());
    if (state !== 'open') throw new AppError('BAD_REQUEST', REFUSALS[state]);
    const [account] = await tx
      .select({ email: users.email, name: users.name, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, actor.id));
    if (!account || account.email.toLowerCase() !== row.email.toLowerCase())
      throw new AppError(
        'FORBIDDEN',
        `This invitation is for ${row.email}. Sign in with that address to accept it (you are signed in as ${account?.email ?? 'someone else'}).`,
      );
    if (!account.emailVerified)
      throw new AppError(
        'FORBIDDEN',
        'Confirm your e-mail address first (the link in your mailbox), then accept.',
      );
    await tx
      .insert(userRoles)
      .values(row.roles.map((role) => ({ userId: actor.id, role: role as StaffRole })))
      .onConflictDoNothing({ target: [userRoles.userId, userRoles.role] });
    if (row.roles.includes('coach'))
      await tx
        .insert(coachProfiles)
        .values({
          userId: actor.id,
          name: account.name?.trim() || account.email.split('@')[0] || 'Coach',
          seats: 0,
        })
        .onConflictDoNothing({ target: coachProfiles.userId });
    await tx
      .update(staffInvitations)
      .set({ acceptedAt: now(), acceptedBy: actor.id })
      .where(eq(staffInvitations.id, row.id));
    await writeAudit(tx, actor, {
      action: 'team.invitation.accepted',
      objectType: 'invitation',
      objectId: row.id,
      detail: { roles: row.roles, invitedBy: row.invitedBy },
    });
    return { roles: row.roles };
  });
}
