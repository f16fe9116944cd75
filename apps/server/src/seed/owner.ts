import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DEV_ADMIN } from '../config.ts';
import type { Deps } from '../context.ts';
import { coachProfiles, sessions, twoFactors, userRoles, users } from '../platform/db/schema.ts';

// The owner's account (docs/decisions/0027). ADMIN_EMAIL and ADMIN_PASSWORD make the first owner,
// only while the install has none; from then on the owner's password is theirs, changed on their
// profile or, locked out, with `npm run owner:reset` on the server (resetOwner below).

/** Owners whose address was never confirmed are no owners (an earlier version promoted squatters). */
async function dropUnconfirmedOwners({ db, log }: Deps) {
  const squatters = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'owner')))
    .where(eq(users.emailVerified, false));
  if (squatters.length === 0) return;
  await db.delete(userRoles).where(
    inArray(
      userRoles.userId,
      squatters.map((s) => s.id),
    ),
  );
  log.warn(
    { emails: squatters.map((s) => s.email) },
    'an owner whose e-mail was never confirmed lost every staff role',
  );
}

async function ownerIds({ db }: Pick<Deps, 'db'>) {
  const rows = await db
    .select({ id: userRoles.userId })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.role, 'owner'))
    .orderBy(asc(users.createdAt));
  return rows.map((row) => row.id);
}

/**
 * The owner at every start: when there is one, nothing changes (their password is theirs). When
 * there is none, ADMIN_EMAIL's account becomes it: created and verified when missing; an account
 * someone else made with that address must not become owner with their password, so an
 * unconfirmed one is left alone (its holder never proved the address) and a confirmed one gets
 * ADMIN_PASSWORD, every session it had ending, before it holds the role.
 * Answers the owner's id, or null when there is none.
 */
export async function ensureOwner(deps: Deps): Promise<string | null> {
  const { db, auth, config, log } = deps;
  const email = config.admin.email.toLowerCase();
  if (config.isProduction && email !== DEV_ADMIN.email) await retireDevelopmentAdmin(deps);
  await dropUnconfirmedOwners(deps);
  const [owner] = await ownerIds(deps);
  if (owner) return owner;
  const context = await auth.$context;
  const [existing] = await db
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email));
  if (!existing) {
    const user = await context.internalAdapter.createUser(
      { email, name: 'Coach', emailVerified: true },
      { method: 'email-password' },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await context.password.hash(config.admin.password),
    });
    await grantOwner(deps, user.id);
    log.info({ email }, 'created the owner account');
    return user.id;
  }
  if (!existing.emailVerified) {
    await db.delete(userRoles).where(eq(userRoles.userId, existing.id));
    log.warn(
      { email },
      'ADMIN_EMAIL belongs to an account that someone signed up for and never confirmed, so it is NOT made admin: ' +
        'its password is whoever signed up. If the address is yours, confirm it with the link in its mailbox and restart ' +
        '(the account then gets ADMIN_PASSWORD and loses its sessions), or delete that account and restart.',
    );
    return null;
  }
  await setPassword(deps, existing.id, config.admin.password);
  await grantOwner(deps, existing.id);
  log.warn(
    { email },
    'made the confirmed account of ADMIN_EMAIL the owner, with ADMIN_PASSWORD as its password, and ended all its sessions',
  );
  return existing.id;
}

/** Sets the account's password (a credential when it had none) and ends all its sessions. */
async function setPassword({ auth }: Pick<Deps, 'auth'>, userId: string, password: string) {
  const context = await auth.$context;
  const hash = await context.password.hash(password);
  const credential = await context.internalAdapter.findCredentialAccount(userId);
  if (credential) await context.internalAdapter.updatePassword(userId, hash);
  else
    await context.internalAdapter.linkAccount({
      userId,
      providerId: 'credential',
      accountId: userId,
      password: hash,
    });
  await context.internalAdapter.deleteUserSessions(userId);
}

/**
 * In production with an owner of its own, the development admin is no staff, and its password,
 * published in the README, no longer signs in.
 */
async function retireDevelopmentAdmin(deps: Deps) {
  const [devAdmin] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEV_ADMIN.email));
  if (!devAdmin) return;
  const removed = await deps.db.delete(userRoles).where(eq(userRoles.userId, devAdmin.id)).returning();
  const context = await deps.auth.$context;
  const credential = await context.internalAdapter.findCredentialAccount(devAdmin.id);
  const hasPublishedPassword =
    credential?.password &&
    (await context.password.verify({ hash: credential.password, password: DEV_ADMIN.password }));
  if (hasPublishedPassword) await setPassword(deps, devAdmin.id, randomBytes(32).toString('base64url'));
  if (removed.length > 0 || hasPublishedPassword)
    deps.log.warn(
      { email: DEV_ADMIN.email },
      'production: the development admin lost the admin role and its published password',
    );
}

/** The owner coaches too, with OWNER_COACH_SEATS seats, so 1-on-1 Burn sells on a fresh install. */
async function grantOwner({ db, config }: Deps, userId: string) {
  await db
    .insert(userRoles)
    .values([
      { userId, role: 'owner' },
      { userId, role: 'coach' },
    ])
    .onConflictDoNothing({ target: [userRoles.userId, userRoles.role] });
  await db
    .insert(coachProfiles)
    .values({ userId, name: 'Coach', seats: config.ownerCoachSeats })
    .onConflictDoNothing({ target: coachProfiles.userId });
}

/** A password for the console: 24 random characters, with the classes a password rule asks for. */
const generatedPassword = () => `Core28-${randomBytes(18).toString('base64url')}#7`;

/**
 * `npm run owner:reset`, on the server, for an owner locked out: a new password (ADMIN_PASSWORD
 * when given, else generated and answered once), no second factor, every session ended, and an
 * audit row. The owner is ADMIN_EMAIL's account when it is an owner, else the first owner.
 */
export async function resetOwner(deps: Deps, { password }: { password?: string } = {}) {
  const { db, config } = deps;
  const owners = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, 'owner')))
    .orderBy(asc(users.createdAt));
  const owner = owners.find((o) => o.email === config.admin.email.toLowerCase()) ?? owners[0];
  if (!owner)
    throw new Error('There is no owner yet: start the server once, and ADMIN_EMAIL becomes the owner.');
  const newPassword = password ?? generatedPassword();
  await setPassword(deps, owner.id, newPassword);
  await db.transaction(async (tx) => {
    await tx.delete(twoFactors).where(eq(twoFactors.userId, owner.id));
    await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, owner.id));
    await tx.delete(sessions).where(eq(sessions.userId, owner.id));
    await tx.execute(sql`
      insert into audit_log (actor_id, actor_name, action, member_id, object_type, object_id, detail)
      values (null, 'the server console (npm run owner:reset)', 'owner.reset', null, 'user', ${owner.id},
        ${JSON.stringify({ email: owner.email, passwordFrom: password ? 'ADMIN_PASSWORD' : 'generated' })}::jsonb)`);
  });
  return { email: owner.email, password: password ? null : newPassword };
}
