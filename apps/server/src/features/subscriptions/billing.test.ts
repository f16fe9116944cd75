import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscribers } from '../../platform/db/schema.ts';
import { createMember, json } from '../../testing/harness.ts';
import { demo, form, paidMember, setupPaymentsApp, t } from './payments-setup.ts';

setupPaymentsApp();

describe('billing info and portal', () => {
  it('a paid member sees the plan, the card and the $9.99 invoice', async () => {
    const member = await paidMember();
    const billing = await json(await t.request('/api/subscription/billing', { cookie: member.cookie }));
    expect(billing.subscriptions).toEqual([
      expect.objectContaining({ plan_name: 'The Daily Core', cancel_at_period_end: false }),
    ]);
    expect(billing.payment_methods[0].card).toEqual({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2040,
    });
    expect(billing.invoices).toHaveLength(1);
    expect(billing.invoices[0]).toMatchObject({ amount_paid: 999 });
    const receipt = await t.request(
      new URL(billing.invoices[0].invoice_pdf).pathname + new URL(billing.invoices[0].invoice_pdf).search,
    );
    expect(await receipt.text()).toContain('$9.99');
  });

  it('is refused to trial, free and unsubscribed members; no member reaches another’s invoices', async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    expect((await t.request('/api/subscription/billing', { cookie: member.cookie })).status).toBe(403);
    await t.request('/api/subscription/trial', { method: 'POST', cookie: member.cookie });
    expect((await t.request('/api/subscription/billing', { cookie: member.cookie })).status).toBe(403);
    expect(
      (await t.request('/api/subscription/portal', { method: 'POST', cookie: member.cookie })).status,
    ).toBe(403);
    const paid = await paidMember();
    const billing = await json(await t.request('/api/subscription/billing', { cookie: paid.cookie }));
    const receipt = new URL(billing.invoices[0].invoice_pdf);
    expect((await t.request(`${receipt.pathname}?signature=forged`)).status).toBe(403);
  });

  it('the portal switches plan and cancels at period end, through the same events', async () => {
    const member = await paidMember();
    const { url } = await json(
      await t.request('/api/subscription/portal', { method: 'POST', cookie: member.cookie }),
    );
    const portal = new URL(url);
    expect((await t.request(portal.pathname + portal.search)).status).toBe(200);
    const post = (fields: Record<string, string>) =>
      t.app.request(portal.pathname + portal.search, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form(fields),
      });
    expect((await post({ action: 'switch', plan: 'burn-monthly' })).status).toBe(200);
    expect(
      (await json(await t.request('/api/subscription', { cookie: member.cookie }))).subscription_tier,
    ).toBe('1-on-1 Burn');
    await post({ action: 'cancel' });
    const billing = await json(await t.request('/api/subscription/billing', { cookie: member.cookie }));
    expect(billing.subscriptions[0].cancel_at_period_end).toBe(true);
    expect(billing.invoices).toHaveLength(2);
    const forged = new URL(url);
    forged.searchParams.set('return_url', 'https://evil.example');
    expect((await t.request(forged.pathname + forged.search)).status).toBe(403);
  });
});

describe('account deletion', () => {
  it('cancels the paid subscription at the provider before the account goes', async () => {
    const member = await paidMember();
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId));
    const res = await t.request('/api/profile/delete', {
      cookie: member.cookie,
      json: { password: member.password },
    });
    expect(res.status).toBe(200);
    expect((await demo.getSubscription(row!.providerSubscriptionId!))?.status).toBe('canceled');
    expect(await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId))).toEqual([]);
  });
});
