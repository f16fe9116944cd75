import { UserIdParamSchema } from '@core28/core/admin';
import {
  ProgramDayItemsSchema,
  ProgramDayParamSchema,
  ProgramIdParamSchema,
  ProgramInputSchema,
  ProgramUpdateSchema,
} from '@core28/core/program-admin';
import { DayParamSchema, MemberDayParamSchema, SwapProgramDaysSchema } from '@core28/core/program-schemas';
import { MemberDayInputSchema, ProgramDayInputSchema } from '@core28/core/session-plan';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../validate.ts';
import { assertMayCoachMember, requireStaff, type SignedInEnv } from '../auth/session.ts';
import {
  createProgram,
  duplicateProgram,
  getAdminProgram,
  listAdminPrograms,
  publishProgram,
  retireProgram,
  setProgramDay,
  updateProgram,
} from './admin-programs.ts';
import { listAdminProgramDays, swapProgramDays, updateProgramDay } from './days.ts';
import { getMemberPlan, resetMemberProgramDay, setMemberProgramDay } from './member-plan.ts';
import { getProgramRoundAnalytics } from './program-analytics.ts';

/** The 28 program days: the coach reorders them and edits each prescription. */
export const adminProgramDayRoutes = new Hono<AppEnv>()
  .use(requireStaff('content'))
  .get('/', async (c) => c.json(await listAdminProgramDays(c.get('deps'))))
  .put('/:day', validate('param', DayParamSchema), validate('json', ProgramDayInputSchema), async (c) =>
    c.json(
      await updateProgramDay(c.get('deps'), {
        adminId: c.get('user').id,
        day: c.req.valid('param').day,
        input: c.req.valid('json'),
      }),
    ),
  )
  .post('/swap', validate('json', SwapProgramDaysSchema), async (c) =>
    c.json(await swapProgramDays(c.get('deps'), { adminId: c.get('user').id, ...c.req.valid('json') })),
  );

/** 404 unless the member is one this staff session coaches. */
const memberInScope = createMiddleware<SignedInEnv>(async (c, next) => {
  const userId = c.req.param('userId');
  if (userId && UserIdParamSchema.safeParse({ userId }).success) await assertMayCoachMember(c, userId);
  await next();
});

/** A 1-on-1 Burn member's own plan, and every change made to it. */
export const adminMemberPlanRoutes = new Hono<AppEnv>()
  .use(requireStaff('coach'))
  .use('/:userId/*', memberInScope)
  .use('/:userId', memberInScope)
  .get('/:userId', validate('param', UserIdParamSchema), async (c) =>
    c.json(await getMemberPlan(c.get('deps'), c.req.valid('param'))),
  )
  .put(
    '/:userId/days/:day',
    validate('param', MemberDayParamSchema),
    validate('json', MemberDayInputSchema),
    async (c) =>
      c.json(
        await setMemberProgramDay(c.get('deps'), {
          adminId: c.get('user').id,
          ...c.req.valid('param'),
          input: c.req.valid('json'),
        }),
      ),
  )
  .delete('/:userId/days/:day', validate('param', MemberDayParamSchema), async (c) =>
    c.json(
      await resetMemberProgramDay(c.get('deps'), { adminId: c.get('user').id, ...c.req.valid('param') }),
    ),
  );

/** Programs as coaches make them (docs/decisions/0026): drafts, days, publishing, retiring, analytics. */
export const adminProgramsRoutes = new Hono<AppEnv>()
  .use(requireStaff('content'))
  .get('/', async (c) => c.json(await listAdminPrograms(c.get('deps'))))
  .post('/', validate('json', ProgramInputSchema), async (c) =>
    c.json(
      await createProgram(c.get('deps'), { adminId: c.get('user').id, input: c.req.valid('json') }),
      201,
    ),
  )
  .get('/:id', validate('param', ProgramIdParamSchema), async (c) =>
    c.json(await getAdminProgram(c.get('deps'), c.req.valid('param'))),
  )
  .patch('/:id', validate('param', ProgramIdParamSchema), validate('json', ProgramUpdateSchema), async (c) =>
    c.json(
      await updateProgram(c.get('deps'), {
        adminId: c.get('user').id,
        id: c.req.valid('param').id,
        input: c.req.valid('json'),
      }),
    ),
  )
  .put(
    '/:id/days/:day',
    validate('param', ProgramDayParamSchema),
    validate('json', ProgramDayItemsSchema),
    async (c) =>
      c.json(
        await setProgramDay(c.get('deps'), {
          adminId: c.get('user').id,
          ...c.req.valid('param'),
          input: c.req.valid('json'),
        }),
      ),
  )
  .post('/:id/duplicate', validate('param', ProgramIdParamSchema), async (c) =>
    c.json(
      await duplicateProgram(c.get('deps'), { adminId: c.get('user').id, ...c.req.valid('param') }),
      201,
    ),
  )
  .post('/:id/publish', validate('param', ProgramIdParamSchema), async (c) =>
    c.json(await publishProgram(c.get('deps'), { adminId: c.get('user').id, ...c.req.valid('param') })),
  )
  .post('/:id/retire', validate('param', ProgramIdParamSchema), async (c) =>
    c.json(await retireProgram(c.get('deps'), { adminId: c.get('user').id, ...c.req.valid('param') })),
  )
  .get('/:id/analytics', validate('param', ProgramIdParamSchema), async (c) =>
    c.json(await getProgramRoundAnalytics(c.get('deps'), c.req.valid('param'))),
  );
