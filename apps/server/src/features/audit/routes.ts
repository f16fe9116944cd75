import { AuditQuerySchema } from '@core28/core/audit';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../validate.ts';
import { requireStaff } from '../auth/session.ts';
import { listAudit, listAuditActors } from './service.ts';

/** /api/admin/audit: the owner reads who did what; nothing here writes. */
export const adminAuditRoutes = new Hono<AppEnv>()
  .use(requireStaff('audit'))
  .get('/', validate('query', AuditQuerySchema), async (c) =>
    c.json(await listAudit(c.get('deps'), c.req.valid('query'))),
  )
  .get('/actors', async (c) => c.json({ actors: await listAuditActors(c.get('deps')) }));
