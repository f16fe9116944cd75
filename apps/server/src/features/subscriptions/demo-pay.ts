import {
  CHECKOUT_PLAN_IDS,
  type CheckoutPlanId,
  checkoutPlan,
  formatDollars,
  planChange,
} from '@core28/core/plans';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv, Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { CardDeclinedError, type CardInput } from '../../platform/payments/demo.ts';
import type { PaymentEvent } from '../../platform/payments/provider.ts';
import { handlePaymentEvent, writeSubscription } from './events.ts';

// The demo provider's hosted pages: a test checkout, a billing portal and invoice receipts.
// They stand where Stripe's pages would; everything they do goes through the same events.

const page = (title: string, body: unknown) => html`<!doctype html>
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${title} · Core28 test payments</title>
      <style>
        body { font-family: system-ui, sans-serif; background: #f4f4f5; margin: 0; color: #18181b; }
        .test { background: #f59e0b; color: #1c1917; text-align: center; padding: 8px; font-size: 14px; font-weight: 600; }
        main { max-width: 440px; margin: 32px auto; background: #fff; border-radius: 16px; padding: 28px; box-shadow: 0 1px 3px #0002; }
        h1 { font-size: 22px; margin: 0 0 4px; } .muted { color: #71717a; font-size: 14px; }
        .price { font-size: 32px; font-weight: 800; margin: 16px 0; }
        label { display: block; font-size: 14px; font-weight: 500; margin: 14px 0 6px; }
        input, select { width: 100%; box-sizing: border-box; height: 42px; border: 1px solid #d4d4d8; border-radius: 8px; padding: 0 12px; font-size: 16px; }
        .row { display: flex; gap: 12px; } .row > div { flex: 1; }
        button { width: 100%; height: 46px; margin-top: 20px; border: 0; border-radius: 8px; background: #dc2626; color: #fff; font-size: 16px; font-weight: 600; cursor: pointer; }
        button.secondary { background: #27272a; } .error { background: #fef2f2; border: 1px solid #fca5a5; color: #991b1b; padding: 10px 12px; border-radius: 8px; margin-top: 14px; font-size: 14px; }
        .ok { background: #f0fdf4; border: 1px solid #86efac; color: #166534; padding: 10px 12px; border-radius: 8px; margin-top: 14px; font-size: 14px; }
        a { color: #dc2626; } hr { border: 0; border-top: 1px solid #e4e4e7; margin: 24px 0; }
        table { width: 100%; border-collapse: collapse; font-size: 14px; } td { padding: 6px 0; }
      </style>
    </head>
    <body>
      <div class="test">TEST MODE — this is the demo payment provider. No money moves. Use card 4242 4242 4242 4242.</div>
      <main>${body}</main>
    </body>
  </html>`;

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
}

const cardFields = html`<label for="number">Card number</label>
  <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required />
  <div class="row">
    <div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/30" required /></div>
    <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required /></div>
  </div>`;

export const demoPayRoutes = new Hono<AppEnv>()
  .get('/checkout/:id', async (c) => {
    const session = await demoOf(c.var.deps).getCheckoutDetails(c.req.param('id'));
    if (!session) throw new AppError('NOT_FOUND', 'This checkout session does not exist.');
    // A paid checkout opened again (back button, second tab) goes where the payment went.
    if (session.subscriptionId) return c.redirect(session.successUrl, 303);
    return c.html(checkoutPage(session, null));
  })
  .post('/checkout/:id', async (c) => {
    const { deps } = c.var;
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
    return c.html(await portalPage(c.var.deps, { customerId, returnUrl, flow }, null));
  })
  .post('/portal/:customerId', async (c) => {
    const { customerId, returnUrl, flow } = await portalRequest(c);
    const demo = demoOf(c.var.deps);
    const form = await c.req.parseBody();
    try {
      const action = String(form.action);
      const planId = String(form.plan) as CheckoutPlanId;
      const subscription = await demo.currentSubscription(customerId);
      if (action === 'card') await demo.updateCard(customerId, parseCard(form));
      else if (subscription && action === 'switch' && CHECKOUT_PLAN_IDS.includes(planId))
        await demo.changePlan(subscription.id, planId, c.var.deps.now());
      else if (subscription && (action === 'cancel' || action === 'resume'))
        await demo.setCancelAtPeriodEnd(subscription.id, action === 'cancel');
      if (subscription)
        await dispatch(c.var.deps, [
          {
            id: `evt_demo_portal_${crypto.randomUUID()}`,
            type: 'customer.subscription.updated',
            created: c.var.deps.now(),
            subscriptionId: subscription.id,
            customerId,
          },
        ]);
      const done =
        action === 'cancel' ? 'Your subscription is set to cancel at the end of the period.' : 'Saved.';
      return c.html(await portalPage(c.var.deps, { customerId, returnUrl, flow: null }, { ok: done }));
    } catch (err) {
      if (!(err instanceof CardDeclinedError)) throw err;
      return c.html(
        await portalPage(c.var.deps, { customerId, returnUrl, flow }, { error: err.message }),
        402,
      );
    }
  })
  .get('/invoices/:id', async (c) => {
    const demo = demoOf(c.var.deps);
    const id = c.req.param('id');
    if (c.req.query('signature') !== demo.sign(id))
      throw new AppError('FORBIDDEN', 'This receipt link is invalid.');
    const invoice = await demo.getInvoice(id);
    if (!invoice) throw new AppError('NOT_FOUND', 'No such invoice');
    return c.html(
      page(
        `Receipt ${invoice.number}`,
        html`<h1>Receipt</h1>
          <p class="muted">Core28 · ${invoice.number}</p>
          <table>
            <tr><td>Date</td><td style="text-align:right">${new Date(invoice.created * 1000).toISOString().slice(0, 10)}</td></tr>
            <tr><td>${invoice.description}</td><td style="text-align:right">${formatDollars(invoice.amount_paid)}</td></tr>
            <tr><td><strong>Amount paid</strong></td><td style="text-align:right"><strong>${formatDollars(invoice.amount_paid)}</strong></td></tr>
          </table>
          <p class="muted">Test receipt from the demo payment provider. No money moved.</p>`,
      ),
    );
  });

async function portalRequest(c: {
  var: AppEnv['Variables'];
  req: { param: (k: 'customerId') => string; query: (k: string) => string | undefined };
}) {
  const demo = demoOf(c.var.deps);
  const customerId = c.req.param('customerId');
  const returnUrl = c.req.query('return_url') ?? '';
  if (c.req.query('signature') !== demo.sign(`${customerId}|${returnUrl}`))
    throw new AppError('FORBIDDEN', 'This portal link is invalid.');
  // Stripe's portal flow_data: the page opens on cancelling the subscription.
  return { customerId, returnUrl, flow: c.req.query('flow') === 'cancel' ? ('cancel' as const) : null };
}

function checkoutPage(
  session: { id: string; email: string; planId: CheckoutPlanId; cancelUrl: string },
  error: string | null,
) {
  const { plan, interval, amountCents } = checkoutPlan(session.planId);
  return page(
    'Checkout',
    html`<h1>Subscribe to ${plan.name}</h1>
      <p class="muted">${session.email}</p>
      <p class="price">${formatDollars(amountCents)} <span class="muted">per ${interval}</span></p>
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <form method="post">${cardFields}<button type="submit">Pay ${formatDollars(amountCents)}</button></form>
      <p class="muted" style="text-align:center"><a href="${session.cancelUrl}">Cancel and go back</a></p>`,
  );
}

async function portalPage(
  deps: Deps,
  { customerId, returnUrl, flow }: { customerId: string; returnUrl: string; flow: 'cancel' | null },
  message: { ok?: string; error?: string } | null,
) {
  const demo = demoOf(deps);
  const subscription = await demo.currentSubscription(customerId);
  const billing = await demo.getBillingInfo(customerId);
  const card = billing.payment_methods[0]?.card;
  const query = `?return_url=${encodeURIComponent(returnUrl)}&signature=${demo.sign(`${customerId}|${returnUrl}`)}`;
  const action = `/demo-pay/portal/${customerId}${query}`;
  const isActive = subscription && (subscription.status === 'active' || subscription.status === 'trialing');
  const current = subscription ? checkoutPlan(subscription.planId) : null;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const notices = html`${message?.ok ? html`<p class="ok" role="status">${message.ok}</p>` : ''}
    ${message?.error ? html`<p class="error" role="alert">${message.error}</p>` : ''}`;
  const back = html`<p style="text-align:center;margin-top:24px"><a href="${returnUrl || '/'}">Return to Core28</a></p>`;

  if (flow === 'cancel' && isActive && current && !subscription.cancelAtPeriodEnd)
    return page(
      'Cancel subscription',
      html`<h1>Cancel your subscription</h1>
        ${notices}
        <p><strong>${current.plan.name}</strong> · ${formatDollars(current.amountCents)} per ${current.interval}</p>
        <p>If you cancel, you keep your plan until <strong>${day(subscription.currentPeriodEnd)}</strong>. You will not be charged again; after that date you are on the free plan.</p>
        <form method="post" action="${action}">
          <button type="submit" name="action" value="cancel">Cancel at period end</button>
        </form>
        ${back}`,
    );

  return page(
    'Billing portal',
    html`<h1>Billing portal</h1>
      <p class="muted">Manage your Core28 subscription.</p>
      ${notices}
      ${
        isActive && current
          ? html`<p><strong>${current.plan.name}</strong> · ${formatDollars(current.amountCents)} per ${current.interval}<br />
                <span class="muted">${subscription.cancelAtPeriodEnd ? 'Ends' : 'Renews'} on ${day(subscription.currentPeriodEnd)}</span>
                ${subscription.scheduledPlanId ? html`<br /><span class="muted">Switches to ${checkoutPlan(subscription.scheduledPlanId).plan.name} on ${day(subscription.currentPeriodEnd)}</span>` : ''}</p>
              <form method="post" action="${action}">
                <label for="plan">Switch plan</label>
                <select id="plan" name="plan">
                  ${CHECKOUT_PLAN_IDS.map((id) => {
                    const option = checkoutPlan(id);
                    const when =
                      planChange(subscription.planId, id) === 'downgrade' ? ' (from the next period)' : '';
                    return html`<option value="${id}" ${id === subscription.planId ? 'selected' : ''}>${option.plan.name} — ${formatDollars(option.amountCents)}/${option.interval}${when}</option>`;
                  })}
                </select>
                <button type="submit" name="action" value="switch" class="secondary">Switch plan</button>
              </form>
              <form method="post" action="${action}">
                ${
                  subscription.cancelAtPeriodEnd
                    ? html`<button type="submit" name="action" value="resume" class="secondary">Resume subscription</button>`
                    : html`<button type="submit" name="action" value="cancel">Cancel at period end</button>`
                }
              </form>
              <hr />
              <p class="muted">Card on file: ${card ? `${card.brand.toUpperCase()} •••• ${card.last4}, expires ${card.exp_month}/${card.exp_year}` : 'none'}</p>
              <form method="post" action="${action}">${cardFields}<button type="submit" name="action" value="card" class="secondary">Update card</button></form>`
          : html`<p>No subscription.</p>`
      }
      ${back}`,
  );
}
