import { RoundParamSchema, StartRoundSchema } from '@core28/core/program-schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { optionalIdempotencyKey } from '../../http/idempotency-key.ts';
import { validate } from '../../validate.ts';
import { requireUser } from '../auth/session.ts';
import { withEntitlements } from '../subscriptions/entitlements.ts';
import { continueRound, getRoundResults, listPrograms, listRounds, startRound } from './rounds.ts';
import { roundShareImage } from './share-image.ts';

/** The library of programs: what each is and what it needs of the plan (docs/decisions/0026). */
export const programLibraryRoutes = new Hono<AppEnv>().get('/', withEntitlements, async (c) =>
  c.json(
    await listPrograms(c.get('deps'), { userId: c.get('user').id, entitlements: c.get('entitlements') }),
  ),
);

/**
 * The member's rounds: their history (everyone's, whatever the plan), a new round (a plan's),
 * continuing after a break, and a round's results with its share image.
 */
export const roundRoutes = new Hono<AppEnv>()
  .get('/', requireUser(), async (c) => c.json(await listRounds(c.get('deps'), { userId: c.get('user').id })))
  .post('/', withEntitlements, validate('json', StartRoundSchema), async (c) =>
    c.json(
      await startRound(c.get('deps'), {
        userId: c.get('user').id,
        slug: c.req.valid('json').program,
        key: optionalIdempotencyKey(c),
        entitlements: c.get('entitlements'),
      }),
      201,
    ),
  )
  .post('/current/continue', withEntitlements, async (c) =>
    c.json(
      await continueRound(c.get('deps'), {
        userId: c.get('user').id,
        key: optionalIdempotencyKey(c),
        entitlements: c.get('entitlements'),
      }),
    ),
  )
  .get('/:number/results', requireUser(), validate('param', RoundParamSchema), async (c) =>
    c.json(
      await getRoundResults(c.get('deps'), { userId: c.get('user').id, number: c.req.valid('param').number }),
    ),
  )
  .get('/:number/share.png', requireUser(), validate('param', RoundParamSchema), async (c) => {
    const user = c.get('user');
    const results = await getRoundResults(c.get('deps'), {
      userId: user.id,
      number: c.req.valid('param').number,
    });
    const png = await roundShareImage(results);
    return c.body(new Uint8Array(png), 200, {
      'Content-Type': 'image/png',
      'Content-Disposition': `inline; filename="core28-round-${results.round.number}.png"`,
      // The member's own figures: never kept by a shared cache.
      'Cache-Control': 'private, max-age=300',
    });
  });
