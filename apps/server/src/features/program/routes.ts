import { CompleteDaySchema, DayResultSchema, WellnessSchema } from '@core28/core/program-schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../validate.ts';
import { requireUser } from '../auth/session.ts';
import { completeDay, getProgramState, saveDayResult, saveWellness } from './service.ts';

export const programRoutes = new Hono<AppEnv>()
  .use(requireUser())
  .get('/', async (c) => c.json(await getProgramState(c.var.deps, { userId: c.var.user.id })))
  .post('/complete', validate('json', CompleteDaySchema), async (c) =>
    c.json(await completeDay(c.var.deps, { userId: c.var.user.id, day: c.req.valid('json').day })),
  )
  .put('/results', validate('json', DayResultSchema), async (c) =>
    c.json(await saveDayResult(c.var.deps, { userId: c.var.user.id, input: c.req.valid('json') })),
  )
  .put('/wellness', validate('json', WellnessSchema), async (c) =>
    c.json(await saveWellness(c.var.deps, { userId: c.var.user.id, input: c.req.valid('json') })),
  );
