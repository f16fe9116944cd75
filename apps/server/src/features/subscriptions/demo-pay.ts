import { CHECKOUT_PLAN_IDS, type CheckoutPlanId } from '@core28/core/plans';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { CardDeclinedError, type CardInput } from '../../platform/payments/demo.ts';
import type { PaymentEvent } from '../../platform/payments/provider.ts';
import { checkoutPage, portalPage, receiptPage } from './demo-pay-pages.ts';
import { deliverProviderEvents, handlePaymentEvent, writeSubscription } from './events.ts';

// The demo provider's hosted pages: a test checkout, a billing portal and invoice receipts
// (demo-pay-pages.ts). They stand where Stripe's pages would; everything they do goes through the
// same events.

function demoOf(deps: Deps) {
  if (deps.payments.kind !== 'demo') throw new AppError('NOT_FOUND', 'Not found');
  return deps.payments;
}

function parseCard(form: Record<string, unknown>): CardInput {
  const [month, year] = String(form.expiry ?? '')
    .split('/')
    .map((part) => Number.parseInt(part.trim(), 10));
  if (!month || month < 1 || month > 12 || year === undefined || Number.isNaN(year))
    throw new CardDeclinedError('Enter the expiry date as MM/YY.');
  if (!/^\d{3,4}$/.test(String(form.cvc ?? '').trim()))
    throw new CardDeclinedError('Enter the 3 or 4 digit security code.');
  return {
    number: String(form.number ?? ''),
    expMonth: month,
    expYear: year < 100 ? 2000 + year : year,
    cvc: String(form.cvc),
  };
}

async function dispatch(deps: Deps, events: PaymentEvent[]) {
  for (const event of events) await handlePaymentEvent(deps, event);
  // And what the action made the provider do besides (an upgrade's invoice, a renewal).
  await deliverProviderEvents(deps);
}

export const demoPayRoutes = new Hono<AppEnv>()
  .get('/checkout/:id', async (c) => {
    const session = await demoOf(c.get('deps')).getCheckoutDetails(c.req.param('id'));
    if (!session) throw new AppError('NOT_FOUND', 'This checkout session does not exist.');
    // A paid checkout opened again (back button, second tab) goes where the payment went.
    if (session.subscriptionId) return c.redirect(session.successUrl, 303);
    return c.html(checkoutPage(session, null));
  })
  .post('/checkout/:id', async (c) => {
    const deps = c.get('deps');
    const demo = demoOf(deps);
    const session = await demo.getCheckoutDetails(c.req.param('id'));
    if (!session) throw new AppError('NOT_FOUND', 'This checkout session does not exist.');
    try {
      const card = parseCard(await c.req.parseBody());
      // The member's row is written in the payment's own transaction: a crash leaves a paid
      // checkout with its member subscribed, or nothing. The events that follow re-read it.
      const { successUrl, events } = await demo.pay(session.id, card, (tx, subscription) =>
        writeSubscription(tx, {
          subscription,
          userId: session.userId,
          occurredAt: deps.now(),
          now: deps.now(),
          jobs: deps.jobs,
          graceDays: deps.config.paymentGraceDays,
          provider: deps.payments.kind,
        }),
      );
      await dispatch(deps, events);
      return c.redirect(successUrl, 303);
    } catch (err) {
      if (!(err instanceof CardDeclinedError)) throw err;
      return c.html(checkoutPage(session, err.message), 402);
    }
  })
  .get('/portal/:customerId', async (c) => {
    const { customerId, returnUrl, flow } = await portalRequest(c);
    return c.html(await renderPortal(c.get('deps'), { customerId, returnUrl, flow }, null));
  })
  .post('/portal/:customerId', async (c) => {
    const { customerId, returnUrl, flow } = await portalRequest(c);
    const demo = demoOf(c.get('deps'));
    const form = await c.req.parseBody();
    try {
      const action = String(form.action);
      const planId = String(form.plan) as CheckoutPlanId;
      const subscription = await demo.currentSubscription(customerId);
      const paidInvoices = action === 'card' ? await demo.updateCard(customerId, parseCard(form)) : [];
      if (subscription && action === 'switch' && CHECKOUT_PLAN_IDS.includes(planId))
        await demo.changePlan(subscription.id, planId, c.get('deps').now());
      else if (subscription && (action === 'cancel' || action === 'resume'))
        await demo.setCancelAtPeriodEnd(subscription.id, action === 'cancel');
      const event = (type: string, more: { invoiceId?: string } = {}) => ({
        id: `evt_demo_portal_${crypto.randomUUID()}`,
        type,
        created: c.get('deps').now(),
        subscriptionId: subscription?.id,
        customerId,
        ...more,
      });
      if (subscription)
        await dispatch(c.get('deps'), [
          event('customer.subscription.updated'),
          ...paidInvoices.map((invoiceId) => event('invoice.paid', { invoiceId })),
        ]);
      const done =
        action === 'cancel' ? 'Your subscription is set to cancel at the end of the period.' : 'Saved.';
      return c.html(await renderPortal(c.get('deps'), { customerId, returnUrl, flow: null }, { ok: done }));
    } catch (err) {
      if (!(err instanceof CardDeclinedError)) throw err;
      return c.html(
        await renderPortal(c.get('deps'), { customerId, returnUrl, flow }, { error: err.message }),
        402,
      );
    }
  })
  .get('/invoices/:id', async (c) => {
    const demo = demoOf(c.get('deps'));
    const id = c.req.param('id');
    if (c.req.query('signature') !== demo.sign(id))
      throw new AppError('FORBIDDEN', 'This receipt link is invalid.');
    const invoice = await demo.getInvoice(id);
    if (!invoice) throw new AppError('NOT_FOUND', 'No such invoice');
    return c.html(receiptPage(invoice));
  });

async function portalRequest(c: {
  get: <K extends keyof AppEnv['Variables']>(key: K) => AppEnv['Variables'][K];
  req: { param: (k: 'customerId') => string; query: (k: string) => string | undefined };
}) {
  const demo = demoOf(c.get('deps'));
  const customerId = c.req.param('customerId');
  const returnUrl = c.req.query('return_url') ?? '';
  if (c.req.query('signature') !== demo.sign(`${customerId}|${returnUrl}`))
    throw new AppError('FORBIDDEN', 'This portal link is invalid.');
  // Stripe's portal flow_data: the page opens on cancelling the subscription.
  return { customerId, returnUrl, flow: c.req.query('flow') === 'cancel' ? ('cancel' as const) : null };
}

async function renderPortal(
  deps: Deps,
  { customerId, returnUrl, flow }: { customerId: string; returnUrl: string; flow: 'cancel' | null },
  message: { ok?: string; error?: string } | null,
) {
  const demo = demoOf(deps);
  const subscription = await demo.currentSubscription(customerId);
  const billing = await demo.getBillingInfo(customerId);
  const query = `?return_url=${encodeURIComponent(returnUrl)}&signature=${demo.sign(`${customerId}|${returnUrl}`)}`;
  return portalPage(
    {
      subscription,
      card: billing.payment_methods[0]?.card,
      action: `/demo-pay/portal/${customerId}${query}`,
      returnUrl,
      flow,
    },
    message,
  );
}
