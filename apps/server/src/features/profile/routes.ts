import { DeleteAccountSchema, ProfileCompletionSchema, ProfileUpdateSchema } from '@core28/core/profile';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { clientIp } from '../../http/client-ip.ts';
import { portraitBodyLimit, uploadedPortrait } from '../../http/portrait-upload.ts';
import { validate } from '../../validate.ts';
import { expireSessionCookies, requireUser } from '../auth/session.ts';
import {
  completeProfile,
  deleteAccount,
  exportMemberData,
  getProfile,
  replaceAvatar,
  updateProfile,
} from './service.ts';

const NO_USER = 'No user logged in'; // spec §5 updateProfile without a signed-in user

export const profileRoutes = new Hono<AppEnv>()
  .use(requireUser(NO_USER))
  .get('/', async (c) => c.json(await getProfile(c.get('deps'), { userId: c.get('user').id })))
  .patch('/', validate('json', ProfileUpdateSchema), async (c) =>
    c.json(await updateProfile(c.get('deps'), { userId: c.get('user').id, input: c.req.valid('json') })),
  )
  .post('/complete', validate('json', ProfileCompletionSchema), async (c) =>
    c.json(await completeProfile(c.get('deps'), { userId: c.get('user').id, input: c.req.valid('json') })),
  )
  .post('/avatar', portraitBodyLimit, async (c) =>
    c.json(
      await replaceAvatar(c.get('deps'), { userId: c.get('user').id, bytes: await uploadedPortrait(c.req) }),
    ),
  )
  .get('/export', async (c) => {
    const data = await exportMemberData(c.get('deps'), { userId: c.get('user').id });
    c.header('Content-Disposition', 'attachment; filename="core28-my-data.json"');
    c.header('Cache-Control', 'no-store');
    return c.json(data);
  })
  .post('/delete', validate('json', DeleteAccountSchema), async (c) => {
    await deleteAccount(c.get('deps'), {
      userId: c.get('user').id,
      password: c.req.valid('json').password,
      clientIp: clientIp(c),
    });
    await expireSessionCookies(c); // its session row is gone with the account
    return c.json({ ok: true as const });
  });
