import { ExerciseIdParamSchema, ExerciseInputSchema } from '@core28/core/exercises';
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { exercises } from '../../platform/db/schema.ts';
import { validate } from '../../validate.ts';
import { requireAdmin } from '../auth/session.ts';

const toRow = (input: z.output<typeof ExerciseInputSchema>) => ({
  ...input,
  videoUrl: input.videoUrl || null,
});

/** The exercise library (spec §2 Admin exercises): admins only, checked on every call. */
export const adminExerciseRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', async (c) =>
    c.json(
      await c.var.deps.db.select().from(exercises).orderBy(desc(exercises.createdAt), desc(exercises.id)),
    ),
  )
  .post('/', validate('json', ExerciseInputSchema), async (c) => {
    const [created] = await c.var.deps.db
      .insert(exercises)
      .values(toRow(c.req.valid('json')))
      .returning();
    return c.json(created!, 201);
  })
  .put('/:id', validate('param', ExerciseIdParamSchema), validate('json', ExerciseInputSchema), async (c) => {
    const [updated] = await c.var.deps.db
      .update(exercises)
      .set(toRow(c.req.valid('json')))
      .where(eq(exercises.id, c.req.valid('param').id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', 'No such exercise');
    return c.json(updated);
  });
