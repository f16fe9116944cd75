import {
  ChangePlanSchema,
  ChangePreviewSchema,
  CheckoutSchema,
  ConfirmSchema,
  checkoutPlan,
  isPaidMember,
} from '@core28/core/plans';
import { NOT_SUBSCRIBED } from '@core28/core/subscriptions';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { validate } from '../../validate.ts';
import { requireUser } from '../auth/session.ts';
import { syncSubscription } from './events.ts';
import {
  cancelPortalUrl,
  changePlan,
  previewPlanChange,
  resumeSubscription,
  startCheckout,
} from './plan-change.ts';
import { activateTrial, currentPlan, findSubscriber, subscriptionState } from './service.ts';

const PAYMENT_SIGN_IN = 'Authentication Required: Please sign in to continue with payment.';

export const subscriptionRoutes = new Hono<AppEnv>()
  .get('/', requireUser(), async (c) => {
    try {
      return c.json(await subscriptionState(c.var.deps, c.var.user));
    } catch (err) {
      // spec §4: on any error the member is not subscribed, all other fields empty.
      c.var.log.error({ err }, 'subscription check failed');
      return c.json(NOT_SUBSCRIBED);
    }
  })
  /** The paid plan with its billing interval, cancellation and scheduled downgrade (nulls if none). */
  .get('/plan', requireUser(), async (c) => c.json(await currentPlan(c.var.deps, c.var.user)))
  .post('/trial', requireUser('Authentication Error: Please sign in to continue.'), async (c) =>
    c.json(await activateTrial(c.var.deps, c.var.user)),
  )
  /** spec §7 create-checkout: a provider checkout URL for one of the four plan ids; 409 for paying members. */
  .post('/checkout', requireUser(PAYMENT_SIGN_IN), validate('json', CheckoutSchema), async (c) => {
    const { deps } = c.var;
    const { plan } = c.req.valid('json');
    const slug = checkoutPlan(plan).plan.slug;
    const { url } = await startCheckout(deps, c.var.user, {
      planId: plan,
      successUrl: `${deps.config.publicUrl}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${deps.config.publicUrl}/subscription/signup?plan=${slug}&step=payment`,
    });
    return c.json({ url });
  })
  /** spec §7 update-subscription: the success page asks once; idempotent, whatever the webhooks did. */
  .post('/confirm', requireUser(PAYMENT_SIGN_IN), validate('json', ConfirmSchema), async (c) => {
    const { deps } = c.var;
    const checkout = await deps.payments.getCheckout(c.req.valid('json').session_id);
    if (!checkout || checkout.userId !== c.var.user.id)
      throw new AppError('NOT_FOUND', 'No such checkout session');
    if (checkout.isComplete && checkout.subscriptionId) {
      await syncSubscription(deps, {
        subscriptionId: checkout.subscriptionId,
        userId: c.var.user.id,
        occurredAt: deps.now(),
      });
    }
    return c.json(await subscriptionState(deps, c.var.user));
  })
  /** What switching to another plan charges today (the provider's proration preview). */
  .post('/change/preview', requireUser(), validate('json', ChangePreviewSchema), async (c) =>
    c.json(await previewPlanChange(c.var.deps, c.var.user, c.req.valid('json').plan)),
  )
  /** Switches the member's one subscription: upgrades now, prorated; downgrades at the period end. */
  .post('/change', requireUser(), validate('json', ChangePlanSchema), async (c) => {
    const { plan, proration_date } = c.req.valid('json');
    return c.json(await changePlan(c.var.deps, c.var.user, { planId: plan, prorationDate: proration_date }));
  })
  /** Takes back a cancellation at the period end. */
  .post('/resume', requireUser(), async (c) => c.json(await resumeSubscription(c.var.deps, c.var.user)))
  /** spec §7 get-billing-info: only for a paid, non-trial member above Feel and Burn. */
  .get('/billing', requireUser(), async (c) => {
    const { deps } = c.var;
    const state = await subscriptionState(deps, c.var.user);
    const row = await findSubscriber(deps, c.var.user.id);
    if (!isPaidMember(state) || !row?.providerCustomerId)
      throw new AppError('FORBIDDEN', 'Billing details are for paid plans.');
    return c.json(await deps.payments.getBillingInfo(row.providerCustomerId));
  })
  /** spec §7 customer-portal: the provider's billing portal for the member's own customer. */
  .post('/portal', requireUser(), async (c) => {
    const { deps } = c.var;
    const row = await findSubscriber(deps, c.var.user.id);
    if (!row?.providerCustomerId || !row.providerSubscriptionId)
      throw new AppError('FORBIDDEN', 'There is no paid subscription to manage.');
    const url = await deps.payments.createPortalUrl(
      row.providerCustomerId,
      `${deps.config.publicUrl}/subscription/manage`,
    );
    return c.json({ url });
  })
  /** Picking the free plan while paid: the billing portal, on cancelling at the period end. */
  .post('/portal/cancel', requireUser(), async (c) =>
    c.json({ url: await cancelPortalUrl(c.var.deps, c.var.user) }),
  );
