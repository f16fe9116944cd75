import { ContactSchema } from '@core28/core/contact';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { clientIp } from '../../http/client-ip.ts';
import { optionalIdempotencyKey } from '../../http/idempotency-key.ts';
import { validate } from '../../validate.ts';
import { sendContactMessage } from './service.ts';

/** spec §5 Contact; sent again with its Idempotency-Key after a lost answer, it is mailed once. */
export const contactRoutes = new Hono<AppEnv>().post('/', validate('json', ContactSchema), async (c) =>
  c.json(
    await sendContactMessage(c.get('deps'), {
      input: c.req.valid('json'),
      clientIp: clientIp(c),
      id: optionalIdempotencyKey(c),
    }),
  ),
);
