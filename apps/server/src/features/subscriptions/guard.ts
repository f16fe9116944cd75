import type { Tier } from '@core28/core/subscriptions';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isAdmin } from '../auth/service.ts';
import { readSession } from '../auth/session.ts';
import { hasActiveTier } from './service.ts';

/** 401 for visitors, 403 unless the member holds one of the tiers now (admins always pass). */
export const requireTier = (...tiers: Tier[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const user = await readSession(c);
    if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    const isAllowed =
      (await hasActiveTier(c.var.deps, user, tiers)) || (await isAdmin(c.var.deps, { userId: user.id }));
    if (!isAllowed)
      throw new AppError('FORBIDDEN', `This needs an active ${tiers.join(' or ')} subscription.`);
    await next();
  });
