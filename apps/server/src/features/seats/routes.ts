import { WaitlistIdParamSchema, WaitlistJoinSchema } from '@core28/core/seats';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { clientIp } from '../../http/client-ip.ts';
import { validate } from '../../validate.ts';
import { optionalUser, requireStaff } from '../auth/session.ts';
import { joinWaitlist, listWaitlist, removeFromWaitlist, seatAvailability } from './waitlist.ts';

/** /api/coaching/seats and /api/coaching/waitlist: public, for the plan cards. */
export const seatRoutes = new Hono<AppEnv>()
  /** Whether 1-on-1 Burn has a free seat (or one kept for the signed-in viewer). */
  .get('/seats', optionalUser, async (c) => {
    const user = c.get('user');
    return c.json(await seatAvailability(c.get('deps'), user ? { id: user.id, email: user.email } : null));
  })
  /** Joins the 1-on-1 Burn waitlist; sent again for the same e-mail, the same answer. */
  .post('/waitlist', optionalUser, validate('json', WaitlistJoinSchema), async (c) =>
    c.json(
      await joinWaitlist(c.get('deps'), {
        input: c.req.valid('json'),
        clientIp: clientIp(c),
        userId: c.get('user')?.id ?? null,
      }),
    ),
  );

/** /api/admin/waitlist: the owner's view of who waits for a seat. */
export const adminWaitlistRoutes = new Hono<AppEnv>()
  .use(requireStaff('team'))
  .get('/', async (c) => c.json(await listWaitlist(c.get('deps'))))
  .delete('/:waitlistId', validate('param', WaitlistIdParamSchema), async (c) =>
    c.json(await removeFromWaitlist(c.get('deps'), { id: c.req.valid('param').waitlistId })),
  );
