import {
  ChangePlanSchema,
  ChangePreviewSchema,
  CheckoutSchema,
  ConfirmSchema,
} from '@core28/core/plan-schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { optionalIdempotencyKey } from '../../http/idempotency-key.ts';
import { validate } from '../../validate.ts';
import { requireUser } from '../auth/session.ts';
import {
  changePlan,
  openCancelPortal,
  previewPlanChange,
  resumeSubscription,
  startCheckout,
} from './plan-change.ts';
import {
  activateTrial,
  checkSubscription,
  confirmCheckout,
  getBillingInfo,
  getCurrentPlan,
  openBillingPortal,
  withEntitlements,
} from './service.ts';

const PAYMENT_SIGN_IN = 'Authentication Required: Please sign in to continue with payment.';

export const subscriptionRoutes = new Hono<AppEnv>()
  .get('/', requireUser(), async (c) =>
    c.json(await checkSubscription(c.get('deps'), { user: c.get('user'), isAdmin: c.get('isAdmin') })),
  )
  /** The paid plan with its billing interval, cancellation and scheduled downgrade (nulls if none). */
  .get('/plan', requireUser(), async (c) =>
    c.json(await getCurrentPlan(c.get('deps'), { user: c.get('user') })),
  )
  .post('/trial', requireUser('Authentication Error: Please sign in to continue.'), async (c) => {
    const state = await activateTrial(c.get('deps'), { user: c.get('user'), key: optionalIdempotencyKey(c) });
    return c.json(withEntitlements(c.get('deps'), state, { isAdmin: c.get('isAdmin') }));
  })
  /** spec §7 create-checkout: a provider checkout URL for one of the four plan ids; 409 for paying members. */
  .post('/checkout', requireUser(PAYMENT_SIGN_IN), validate('json', CheckoutSchema), async (c) =>
    c.json(await startCheckout(c.get('deps'), { user: c.get('user'), planId: c.req.valid('json').plan })),
  )
  .post('/confirm', requireUser(PAYMENT_SIGN_IN), validate('json', ConfirmSchema), async (c) => {
    const state = await confirmCheckout(c.get('deps'), {
      user: c.get('user'),
      sessionId: c.req.valid('json').session_id,
    });
    return c.json(withEntitlements(c.get('deps'), state, { isAdmin: c.get('isAdmin') }));
  })
  /** What switching to another plan charges today (the provider's proration preview). */
  .post('/change/preview', requireUser(), validate('json', ChangePreviewSchema), async (c) =>
    c.json(await previewPlanChange(c.get('deps'), { user: c.get('user'), planId: c.req.valid('json').plan })),
  )
  /**
   * Switches the member's one subscription: upgrades now, prorated; downgrades at the period end.
   * Sent again with its Idempotency-Key after a lost answer, it answers the change it made.
   */
  .post('/change', requireUser(), validate('json', ChangePlanSchema), async (c) => {
    const { plan, proration_date } = c.req.valid('json');
    return c.json(
      await changePlan(c.get('deps'), {
        user: c.get('user'),
        planId: plan,
        prorationDate: proration_date,
        key: optionalIdempotencyKey(c),
      }),
    );
  })
  /** Takes back a cancellation at the period end. */
  .post('/resume', requireUser(), async (c) =>
    c.json(await resumeSubscription(c.get('deps'), { user: c.get('user'), key: optionalIdempotencyKey(c) })),
  )
  .get('/billing', requireUser(), async (c) =>
    c.json(await getBillingInfo(c.get('deps'), { user: c.get('user') })),
  )
  .post('/portal', requireUser(), async (c) =>
    c.json(await openBillingPortal(c.get('deps'), { userId: c.get('user').id })),
  )
  /** Picking the free plan while paid: the billing portal, on cancelling at the period end. */
  .post('/portal/cancel', requireUser(), async (c) =>
    c.json(await openCancelPortal(c.get('deps'), { user: c.get('user') })),
  );
