import { UserIdParamSchema } from '@core28/core/admin';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { sessions, twoFactors, userRoles, users } from '../../platform/db/schema.ts';
import { announceSessionsEnded } from '../../platform/realtime/channel.ts';
import { validate } from '../../validate.ts';
import { requireStaff } from './session.ts';

/**
 * A coach who lost their phone and their backup codes: the owner removes the account's second
 * factor and ends its sessions, so the coach signs in with the password and enrols again (staff
 * act as staff only after that). The owner's own is reset on the server (`npm run owner:reset`):
 * a stolen owner session must not be able to take the factor off itself.
 */
export async function resetSecondFactor(
  { db }: Pick<Deps, 'db'>,
  { actorId, userId }: { actorId: string; userId: string },
): Promise<{ reset: boolean }> {
  if (userId === actorId)
    throw new AppError(
      'FORBIDDEN',
      "The owner's own second factor is reset on the server: npm run owner:reset.",
    );
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!account) throw new AppError('NOT_FOUND', 'Account not found.');
    const [owner] = await tx
      .select({ userId: userRoles.userId })
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'owner')));
    if (owner)
      throw new AppError(
        'FORBIDDEN',
        "An owner's second factor is reset on the server: npm run owner:reset.",
      );
    const removed = await tx
      .delete(twoFactors)
      .where(eq(twoFactors.userId, userId))
      .returning({ id: twoFactors.id });
    // Nothing to reset: the account's sessions stay as they are.
    if (removed.length === 0 && !account.twoFactorEnabled) return { reset: false };
    await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    if (ended.length > 0) await announceSessionsEnded(tx, { sessionIds: ended.map((s) => s.id) });
    return { reset: true };
  });
}

/** /api/admin/staff: the owner's part of the team's second factors (audited with the rest of /api/admin). */
export const adminTwoFactorRoutes = new Hono<AppEnv>()
  .use(requireStaff('team'))
  .post('/:userId/two-factor/reset', validate('param', UserIdParamSchema), async (c) =>
    c.json(
      await resetSecondFactor(c.get('deps'), {
        actorId: c.get('user').id,
        userId: c.req.valid('param').userId,
      }),
    ),
  );
