import { CHECKOUT_PLAN_IDS, checkoutPlan, isPaidMember } from '@core28/core/plans';
import { NOT_SUBSCRIBED } from '@core28/core/subscriptions';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { subscribers } from '../../platform/db/schema.ts';
import { validate } from '../../validate.ts';
import { requireUser } from '../auth/session.ts';
import { syncSubscription } from './events.ts';
import { activateTrial, subscriptionState } from './service.ts';

export const CheckoutSchema = z.object({
  plan: z.enum(CHECKOUT_PLAN_IDS, { error: 'Please choose one of the plans' }),
});
export const ConfirmSchema = z.object({ session_id: z.string().min(1).max(200) });
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
  .post('/trial', requireUser('Authentication Error: Please sign in to continue.'), async (c) =>
    c.json(await activateTrial(c.var.deps, c.var.user)),
  )
  /** spec §7 create-checkout: a provider checkout URL for one of the four plan ids. */
  .post('/checkout', requireUser(PAYMENT_SIGN_IN), validate('json', CheckoutSchema), async (c) => {
    const { deps } = c.var;
    const { plan } = c.req.valid('json');
    const slug = checkoutPlan(plan).plan.slug;
    const { url } = await deps.payments.createCheckout({
      userId: c.var.user.id,
      email: c.var.user.email,
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
  /** spec §7 get-billing-info: only for a paid, non-trial member above Feel and Burn. */
  .get('/billing', requireUser(), async (c) => {
    const { deps } = c.var;
    const state = await subscriptionState(deps, c.var.user);
    const [row] = await deps.db.select().from(subscribers).where(eq(subscribers.userId, c.var.user.id));
    if (!isPaidMember(state) || !row?.providerCustomerId)
      throw new AppError('FORBIDDEN', 'Billing details are for paid plans.');
    return c.json(await deps.payments.getBillingInfo(row.providerCustomerId));
  })
  /** spec §7 customer-portal: the provider's billing portal for the member's own customer. */
  .post('/portal', requireUser(), async (c) => {
    const { deps } = c.var;
    const [row] = await deps.db.select().from(subscribers).where(eq(subscribers.userId, c.var.user.id));
    if (!row?.providerCustomerId) throw new AppError('FORBIDDEN', 'There is no paid subscription to manage.');
    const url = await deps.payments.createPortalUrl(
      row.providerCustomerId,
      `${deps.config.publicUrl}/subscription/manage`,
    );
    return c.json({ url });
  });
