import {
  type Capability,
  type Entitlements,
  has,
  mayTrainDay,
  planRequired,
  planRequiredMessage,
} from '@core28/core/entitlements';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../errors.ts';
import { readMember, type SignedInEnv } from '../auth/session.ts';
import { getEntitlements } from './service.ts';

// The server's side of the one plan rule (core's entitlements.ts, docs/decisions/0021): routes
// read the member's entitlements with their session and refuse what the plan does not include
// with 403 PLAN_REQUIRED, saying what would unlock it, before anything is written.

export type EntitledEnv = SignedInEnv & { Variables: { entitlements: Entitlements } };

/** 403 PLAN_REQUIRED with the plan that would unlock `capability` and whether the trial would. */
export const planRequiredError = (e: Entitlements, capability: Capability) =>
  new AppError('PLAN_REQUIRED', planRequiredMessage(e, capability), { details: planRequired(e, capability) });

/**
 * 401 for visitors; afterwards `c.get('entitlements')` is what the member may do now, read with
 * the session and the subscriber row in one statement (auth/fast-session.ts).
 */
export const withEntitlements = createMiddleware<EntitledEnv>(async (c, next) => {
  const member = await readMember(c);
  if (!member) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  const { user, isAdmin, subscriber } = member;
  c.set('entitlements', await getEntitlements(c.get('deps'), { user, isAdmin, subscriber }));
  await next();
});

/** 401 for visitors, 403 PLAN_REQUIRED for members whose plan does not include `capability`. */
export const requireCapability = (capability: Capability) =>
  createMiddleware<EntitledEnv>(async (c, next) =>
    withEntitlements(c, async () => {
      const e = c.get('entitlements');
      if (!has(e, capability)) throw planRequiredError(e, capability);
      await next();
    }),
  );

/** Training day `day` (a session, its finish, a completion, results, wellness) needs the plan's leave. */
export function assertMayTrainDay(e: Entitlements, day: number) {
  if (!mayTrainDay(e, day)) throw planRequiredError(e, 'train');
}
