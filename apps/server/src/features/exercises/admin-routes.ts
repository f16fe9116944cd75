import { ExerciseIdParamSchema, ExerciseInputSchema } from '@core28/core/exercises';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../validate.ts';
import { requireAdmin } from '../auth/session.ts';
import { createExercise, listAllExercises, updateExercise } from './service.ts';

/** The exercise library (spec §2 Admin exercises): admins only, checked on every call. */
export const adminExerciseRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', async (c) => c.json(await listAllExercises(c.var.deps)))
  .post('/', validate('json', ExerciseInputSchema), async (c) =>
    c.json(await createExercise(c.var.deps, { input: c.req.valid('json') }), 201),
  )
  .put('/:id', validate('param', ExerciseIdParamSchema), validate('json', ExerciseInputSchema), async (c) =>
    c.json(await updateExercise(c.var.deps, { id: c.req.valid('param').id, input: c.req.valid('json') })),
  );
