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
import { assertMayTrainDay, withEntitlements } from '../subscriptions/entitlements.ts';
import { queuedMs } from './queued-ms.ts';
import {
  completeDay,
  finishDay,
  getDaySession,
  getProgramState,
  saveDayResult,
  saveWellness,
} from './service.ts';

/** How long a finish waited in the offline queue (queued-ms.ts). */
const QUEUED_HEADER = 'x-queued-ms';

/**
 * The member's history (GET /) is theirs whatever their plan; training a day asks the plan rule
 * first (docs/decisions/0021), so a refused write stores nothing.
 */
export const programRoutes = new Hono<AppEnv>()
  .get('/', requireUser(), async (c) =>
    c.json(await getProgramState(c.get('deps'), { userId: c.get('user').id })),
  )
  .post('/complete', withEntitlements, validate('json', CompleteDaySchema), async (c) => {
    const { day } = c.req.valid('json');
    assertMayTrainDay(c.get('entitlements'), day);
    return c.json(
      await completeDay(c.get('deps'), { userId: c.get('user').id, day, key: optionalIdempotencyKey(c) }),
    );
  })
  .put('/results', withEntitlements, validate('json', DayResultSchema), async (c) => {
    const input = c.req.valid('json');
    assertMayTrainDay(c.get('entitlements'), input.day);
    return c.json(
      await saveDayResult(c.get('deps'), { userId: c.get('user').id, input, key: optionalIdempotencyKey(c) }),
    );
  })
  .put('/wellness', withEntitlements, validate('json', WellnessSchema), async (c) => {
    const input = c.req.valid('json');
    assertMayTrainDay(c.get('entitlements'), input.day);
    return c.json(
      await saveWellness(c.get('deps'), { userId: c.get('user').id, input, key: optionalIdempotencyKey(c) }),
    );
  })
  // A day's guided session, and finishing it in one request. The day is always the
  // caller's own: the member comes from the session, never from the path.
  .get('/days/:day/session', withEntitlements, validate('param', DayParamSchema), async (c) => {
    const { day } = c.req.valid('param');
    assertMayTrainDay(c.get('entitlements'), day);
    const session = await getDaySession(c.get('deps'), { userId: c.get('user').id, day });
    // Each exercise's video, as every exercise answer shows it (signed link or embed, never its
    // key): the day's first as `exercise`, all of them in `exercises`.
    const shown = await withMedia(
      c.get('deps'),
      session.exercises.map((item) => item.exercise),
    );
    const exercises = session.exercises.map((item, i) => ({ ...item, exercise: shown[i] ?? oneRow(shown) }));
    return c.json({ ...session, exercise: oneRow(shown), exercises });
  })
  .post(
    '/days/:day/finish',
    withEntitlements,
    validate('param', DayParamSchema),
    validate('json', FinishSessionSchema),
    async (c) => {
      const { day } = c.req.valid('param');
      assertMayTrainDay(c.get('entitlements'), day);
      return c.json(
        await finishDay(c.get('deps'), {
          userId: c.get('user').id,
          day,
          input: c.req.valid('json'),
          key: requiredIdempotencyKey(c),
          queuedMs: queuedMs(requestHeader(c, QUEUED_HEADER)),
        }),
      );
    },
  );
