import {
  CHECKOUT_PLAN_IDS,
  type CheckoutPlanId,
  checkoutPlan,
  formatDollars,
  planChange,
} from '@core28/core/plans';
import { html } from 'hono/html';
import type { ProviderSubscription } from '../../platform/payments/provider.ts';

// The demo provider's hosted pages, standing where Stripe's would: plain HTML, no script.

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

const cardFields = html`<label for="number">Card number</label>
  <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required />
  <div class="row">
    <div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="12/30" required /></div>
    <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required /></div>
  </div>`;

export function checkoutPage(
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

/** The billing portal, or Stripe's cancel flow when `flow` is 'cancel'; `action` is where its forms post. */
export function portalPage(
  {
    subscription,
    card,
    action,
    returnUrl,
    flow,
  }: {
    subscription: ProviderSubscription | null;
    card: { brand: string; last4: string; exp_month: number; exp_year: number } | undefined;
    action: string;
    returnUrl: string;
    flow: 'cancel' | null;
  },
  message: { ok?: string; error?: string } | null,
) {
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
          : subscription?.status === 'past_due' && current
            ? html`<p><strong>${current.plan.name}</strong> · ${formatDollars(current.amountCents)} per ${current.interval}</p>
                <p class="error" role="alert">Your last payment did not go through. A new card pays it now and keeps your plan.</p>
                <form method="post" action="${action}">${cardFields}<button type="submit" name="action" value="card">Update card and pay</button></form>`
            : html`<p>No subscription.</p>`
      }
      ${back}`,
  );
}

/** A receipt, where Stripe's invoice PDF would be. */
export function receiptPage(invoice: {
  number: string;
  created: number;
  description: string;
  amount_paid: number;
}) {
  return page(
    `Receipt ${invoice.number}`,
    html`<h1>Receipt</h1>
      <p class="muted">Core28 · ${invoice.number}</p>
      <table>
        <tr><td>Date</td><td style="text-align:right">${new Date(invoice.created * 1000).toISOString().slice(0, 10)}</td></tr>
        <tr><td>${invoice.description}</td><td style="text-align:right">${formatDollars(invoice.amount_paid)}</td></tr>
        <tr><td><strong>Amount paid</strong></td><td style="text-align:right"><strong>${formatDollars(invoice.amount_paid)}</strong></td></tr>
      </table>
      <p class="muted">Test receipt from the demo payment provider. No money moved.</p>`,
  );
}
