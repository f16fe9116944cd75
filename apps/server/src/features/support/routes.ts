import {
  SupportHandledSchema,
  SupportListQuerySchema,
  SupportMessageParamSchema,
  SupportReplySchema,
} from '@core28/core/contact';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../validate.ts';
import { requireStaff } from '../auth/session.ts';
import {
  getSupportMessage,
  listSupportMessages,
  replyToSupportMessage,
  setSupportHandled,
} from './service.ts';

/** /api/admin/support: the support inbox (contact messages), for the owner and the support grant. */
export const adminSupportRoutes = new Hono<AppEnv>()
  .use(requireStaff('support'))
  .get('/', validate('query', SupportListQuerySchema), async (c) =>
    c.json(await listSupportMessages(c.get('deps'), c.req.valid('query'))),
  )
  .get('/:messageId', validate('param', SupportMessageParamSchema), async (c) =>
    c.json(await getSupportMessage(c.get('deps'), c.req.valid('param'))),
  )
  .patch(
    '/:messageId',
    validate('param', SupportMessageParamSchema),
    validate('json', SupportHandledSchema),
    async (c) =>
      c.json(
        await setSupportHandled(c.get('deps'), {
          ...c.req.valid('param'),
          ...c.req.valid('json'),
          staffId: c.get('user').id,
        }),
      ),
  )
  .post(
    '/:messageId/replies',
    validate('param', SupportMessageParamSchema),
    validate('json', SupportReplySchema),
    async (c) =>
      c.json(
        await replyToSupportMessage(c.get('deps'), {
          ...c.req.valid('param'),
          reply: c.req.valid('json').message,
          staffId: c.get('user').id,
        }),
        201,
      ),
  );
