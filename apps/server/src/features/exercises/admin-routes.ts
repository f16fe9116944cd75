import { VIDEO_ERRORS } from '@core28/core/exercise-media';
import { ExerciseIdParamSchema, ExerciseInputSchema } from '@core28/core/exercises';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { uploadBodyLimit } from '../../http/body-limit.ts';
import { validate } from '../../validate.ts';
import { requireStaff } from '../auth/session.ts';
import {
  createExercise,
  listAllExercises,
  removeExerciseVideo,
  replaceExerciseVideo,
  updateExercise,
} from './service.ts';

const tooLarge = (maxBytes: number) => new AppError('PAYLOAD_TOO_LARGE', VIDEO_ERRORS.tooLarge(maxBytes));

/**
 * The video upload's own body limit (VIDEO_MAX_BYTES; http/body-limit.ts leaves this route to it),
 * checked after requireStaff so nobody else gets a byte read. A declared length is refused at
 * once, a chunked body as soon as it passes the limit.
 */
const videoBodyLimit = uploadBodyLimit((c) => c.get('deps').config.videoMaxBytes, tooLarge);

/** The exercise library (spec §2 Admin exercises): admins only, checked on every call. */
export const adminExerciseRoutes = new Hono<AppEnv>()
  .use(requireStaff('content'))
  .get('/', async (c) => c.json(await listAllExercises(c.get('deps'))))
  .post('/', validate('json', ExerciseInputSchema), async (c) =>
    c.json(await createExercise(c.get('deps'), { input: c.req.valid('json') }), 201),
  )
  .put('/:id', validate('param', ExerciseIdParamSchema), validate('json', ExerciseInputSchema), async (c) =>
    c.json(await updateExercise(c.get('deps'), { id: c.req.valid('param').id, input: c.req.valid('json') })),
  )
  // A demonstration video, multipart/form-data in the field "file"
  .post('/:id/video', validate('param', ExerciseIdParamSchema), videoBodyLimit, async (c) => {
    const body = await c.req.parseBody().catch(() => {
      throw new AppError('BAD_REQUEST', VIDEO_ERRORS.missingFile);
    });
    const file = body.file;
    if (!(file instanceof File)) throw new AppError('BAD_REQUEST', VIDEO_ERRORS.missingFile);
    if (file.size > c.get('deps').config.videoMaxBytes) throw tooLarge(c.get('deps').config.videoMaxBytes);
    const bytes = Buffer.from(await file.arrayBuffer());
    return c.json(await replaceExerciseVideo(c.get('deps'), { id: c.req.valid('param').id, bytes }));
  })
  .delete('/:id/video', validate('param', ExerciseIdParamSchema), async (c) =>
    c.json(await removeExerciseVideo(c.get('deps'), { id: c.req.valid('param').id })),
  );
