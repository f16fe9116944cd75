import { PushDeviceParamSchema, PushEndpointSchema, PushSubscriptionSchema } from '@core28/core/push';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../validate.ts';
import { requireUser } from '../auth/session.ts';
import {
  deletePushSubscription,
  getPushKey,
  listPushDevices,
  removePushDevice,
  savePushSubscription,
} from './service.ts';

// Turning Web Push on and off for this browser, from /profile.
export const pushRoutes = new Hono<AppEnv>()
  .use(requireUser())
  .get('/key', (c) => c.json(getPushKey(c.get('deps'))))
  .post('/subscriptions', validate('json', PushSubscriptionSchema), async (c) =>
    c.json(
      await savePushSubscription(c.get('deps'), { userId: c.get('user').id, input: c.req.valid('json') }),
    ),
  )
  .post('/subscriptions/remove', validate('json', PushEndpointSchema), async (c) =>
    c.json(
      await deletePushSubscription(c.get('deps'), {
        userId: c.get('user').id,
        endpoint: c.req.valid('json').endpoint,
      }),
    ),
  )
  /** Every device the member turned notifications on in, to see and remove any of them. */
  .get('/devices', async (c) =>
    c.json({ devices: await listPushDevices(c.get('deps'), { userId: c.get('user').id }) }),
  )
  .post('/devices/:id/remove', validate('param', PushDeviceParamSchema), async (c) =>
    c.json(await removePushDevice(c.get('deps'), { userId: c.get('user').id, id: c.req.valid('param').id })),
  );
