import { determineSubscription, NOT_SUBSCRIBED } from '@core28/core/subscriptions';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { requireUser } from '../auth/session.ts';
import { findSubscriber } from './service.ts';

export const subscriptionRoutes = new Hono<AppEnv>().get('/', requireUser(), async (c) => {
  const user = c.var.user;
  try {
    const row = await findSubscriber(c.var.deps, user.id);
    return c.json(determineSubscription(row, { emailConfirmed: user.emailVerified, now: c.var.deps.now() }));
  } catch (err) {
    // spec §4: on any error the member is not subscribed, all other fields empty.
    c.var.log.error({ err }, 'subscription check failed');
    return c.json(NOT_SUBSCRIBED);
  }
});
