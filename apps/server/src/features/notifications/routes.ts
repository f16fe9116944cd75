import {
  NotificationSettingsSchema,
  TimeZoneBodySchema,
  UnsubscribeQuerySchema,
} from '@core28/core/notifications';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../validate.ts';
import { requireUser } from '../auth/session.ts';
import {
  describeUnsubscribe,
  getNotificationSettings,
  setTimeZoneIfUnset,
  unsubscribe,
  updateNotificationSettings,
} from './service.ts';

/** RFC 8058 one-click: mail clients POST here without a session or our origin (security.ts exempts it). */
export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

export const notificationRoutes = new Hono<AppEnv>()
  // The signed token is the authority here, not a session: these work signed out.
  .get('/unsubscribe', validate('query', UnsubscribeQuerySchema), async (c) =>
    c.json(await describeUnsubscribe(c.get('deps'), { token: c.req.valid('query').token })),
  )
  .post('/unsubscribe', validate('query', UnsubscribeQuerySchema), async (c) =>
    c.json(await unsubscribe(c.get('deps'), { token: c.req.valid('query').token })),
  )
  .get('/', requireUser(), async (c) =>
    c.json(await getNotificationSettings(c.get('deps'), { userId: c.get('user').id })),
  )
  .put('/', requireUser(), validate('json', NotificationSettingsSchema), async (c) =>
    c.json(
      await updateNotificationSettings(c.get('deps'), {
        userId: c.get('user').id,
        input: c.req.valid('json'),
      }),
    ),
  )
  // The browser's zone at sign-up or first sign-in; a zone already set (the member's choice) stays.
  .post('/time-zone', requireUser(), validate('json', TimeZoneBodySchema), async (c) => {
    await setTimeZoneIfUnset(c.get('deps'), {
      userId: c.get('user').id,
      timeZone: c.req.valid('json').timeZone,
    });
    return c.json(await getNotificationSettings(c.get('deps'), { userId: c.get('user').id }));
  });
