import { DayParamSchema, SwapProgramDaysSchema } from '@core28/core/program-schemas';
import { ProgramDayInputSchema } from '@core28/core/session-plan';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../validate.ts';
import { requireAdmin } from '../auth/session.ts';
import { listAdminProgramDays, swapProgramDays, updateProgramDay } from './days.ts';

/** The 28 program days (issue 17): the coach reorders them and edits each prescription. */
export const adminProgramDayRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', async (c) => c.json(await listAdminProgramDays(c.var.deps)))
  .put('/:day', validate('param', DayParamSchema), validate('json', ProgramDayInputSchema), async (c) =>
    c.json(
      await updateProgramDay(c.var.deps, {
        adminId: c.var.user.id,
        day: c.req.valid('param').day,
        input: c.req.valid('json'),
      }),
    ),
  )
  .post('/swap', validate('json', SwapProgramDaysSchema), async (c) =>
    c.json(await swapProgramDays(c.var.deps, { adminId: c.var.user.id, ...c.req.valid('json') })),
  );
