import {
  CompleteDaySchema,
  DayParamSchema,
  DayResultSchema,
  FinishSessionSchema,
  WellnessSchema,
} from '@core28/core/program-schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { optionalIdempotencyKey, requiredIdempotencyKey } from '../../http/idempotency-key.ts';
import { requestHeader } from '../../http/node-request.ts';
import { oneRow } from '../../platform/db/index.ts';
import { validate } from '../../validate.ts';
import { requireUser } from '../auth/session.ts';
import { withMedia } from '../exercises/service.ts';
import { queuedMs } from './queued-ms.ts';
import {
  completeDay,
  finishDay,
  getDaySession,
  getProgramState,
  saveDayResult,
  saveWellness,
} from './service.ts';

/** Issue 21: how long a finish waited in the offline queue (queued-ms.ts). */
const QUEUED_HEADER = 'x-queued-ms';

export const programRoutes = new Hono<AppEnv>()
  .use(requireUser())
  .get('/', async (c) => c.json(await getProgramState(c.get('deps'), { userId: c.get('user').id })))
  .post('/complete', validate('json', CompleteDaySchema), async (c) =>
    c.json(
      await completeDay(c.get('deps'), {
        userId: c.get('user').id,
        day: c.req.valid('json').day,
        key: optionalIdempotencyKey(c),
      }),
    ),
  )
  .put('/results', validate('json', DayResultSchema), async (c) =>
    c.json(
      await saveDayResult(c.get('deps'), {
        userId: c.get('user').id,
        input: c.req.valid('json'),
        key: optionalIdempotencyKey(c),
      }),
    ),
  )
  .put('/wellness', validate('json', WellnessSchema), async (c) =>
    c.json(
      await saveWellness(c.get('deps'), {
        userId: c.get('user').id,
        input: c.req.valid('json'),
        key: optionalIdempotencyKey(c),
      }),
    ),
  )
  // issue 17: a day's guided session, and finishing it in one request. The day is always the
  // caller's own: the member comes from the session, never from the path.
  .get('/days/:day/session', validate('param', DayParamSchema), async (c) => {
    const session = await getDaySession(c.get('deps'), {
      userId: c.get('user').id,
      day: c.req.valid('param').day,
    });
    // The exercise's video, as every exercise answer shows it (signed link or embed, never its key).
    const exercise = oneRow(await withMedia(c.get('deps'), [session.exercise]));
    return c.json({ ...session, exercise });
  })
  .post(
    '/days/:day/finish',
    validate('param', DayParamSchema),
    validate('json', FinishSessionSchema),
    async (c) =>
      c.json(
        await finishDay(c.get('deps'), {
          userId: c.get('user').id,
          day: c.req.valid('param').day,
          input: c.req.valid('json'),
          key: requiredIdempotencyKey(c),
          queuedMs: queuedMs(requestHeader(c, QUEUED_HEADER)),
        }),
      ),
  );
