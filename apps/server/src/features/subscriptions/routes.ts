import { NOT_SUBSCRIBED } from '@core28/core/subscriptions';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { requireUser } from '../auth/session.ts';
import { activateTrial, subscriptionState } from './service.ts';

export const subscriptionRoutes = new Hono<AppEnv>()
  .get('/', requireUser(), async (c) => {
    try {
      return c.json(await subscriptionState(c.var.deps, c.var.user));
    } catch (err) {
      // spec §4: on any error the member is not subscribed, all other fields empty.
      c.var.log.error({ err }, 'subscription check failed');
      return c.json(NOT_SUBSCRIBED);
    }
  })
  .post('/trial', requireUser('Authentication Error: Please sign in to continue.'), async (c) =>
    c.json(await activateTrial(c.var.deps, c.var.user)),
  );
