import type { NewsPage } from '@core28/core/news';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, memberNews, subscribers } from '../../platform/db/schema.ts';
import { createMember, createTestApp, givePaidTier, json, type TestApp } from '../../testing/harness.ts';
import { makeRetriesDue } from '../../testing/jobs.ts';
import { connect } from '../../testing/live.ts';
import {
  INVOICE,
  type StripeDouble,
  sendWebhook,
  startStripeDouble,
  stripeEnv,
} from '../../testing/stripe.ts';
import { handlePaymentEvent } from './events.ts';
import { TRIAL_ENDING_QUEUE } from './jobs.ts';

// The member's subscription e-mails come from the queue, once.

const DAY = 86_400_000;
const mailsTo = (t: TestApp, email: string, subject: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, subject)));

const newsOf = (t: TestApp, userId: string) =>
  t.db
    .select({ kind: memberNews.kind, title: memberNews.title, url: memberNews.url })
    .from(memberNews)
    .where(eq(memberNews.userId, userId));

describe('the trial-ending e-mail (our own 7-day trial)', () => {
  let clock = new Date('2026-12-01T09:00:00Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const sweep = async () => {
    await t.jobs.enqueue(TRIAL_ENDING_QUEUE, {});
    await t.drainJobs();
  };
  const endingMails = (email: string) => mailsTo(t, email, 'Your Core28 trial ends soon');

  it('goes once, three days before the trial ends', async () => {
    const start = clock;
    const member = await createMember(t, undefined, { plan: 'none' });
    expect((await t.request('/api/subscription/trial', { cookie: member.cookie, json: {} })).status).toBe(
      200,
    );
    const paid = await createMember(t, undefined, { plan: 'none' });
    await t.request('/api/subscription/trial', { cookie: paid.cookie, json: {} });
    await givePaidTier(t, paid, 'The Daily Core'); // bought a plan during the trial

    clock = new Date(start.getTime() + 3 * DAY + 23 * 3_600_000); // 3 days 1 hour left
    await sweep();
    expect(await endingMails(member.email)).toHaveLength(0);

    clock = new Date(start.getTime() + 4 * DAY + 60_000); // just under 3 days left
    await sweep();
    const [mail] = await endingMails(member.email);
    expect(mail?.sentAt).toBeInstanceOf(Date);
    expect(mail?.text).toContain('Your trial ends on Tuesday, December 8');
    expect(mail?.html).toContain('class="preheader"');
    expect(mail?.meta.url).toBe(`${t.config.publicUrl}/subscription`);

    await sweep();
    clock = new Date(start.getTime() + 6 * DAY);
    await sweep();
    expect(await endingMails(member.email)).toHaveLength(1);
    expect(await endingMails(paid.email)).toHaveLength(0);
    const [row] = await t.db.select().from(subscribers).where(eq(subscribers.userId, member.userId));
    expect(row?.trialEndingMailedAt?.toISOString()).toBe(
      new Date(start.getTime() + 4 * DAY + 60_000).toISOString(),
    );
  });

  it("follows the member's choice and time zone, with a one-click unsubscribe", async () => {
    clock = new Date('2026-12-20T12:00:00Z');
    const start = clock;
    const off = await createMember(t, undefined, { plan: 'none' });
    await t.request('/api/notifications', {
      method: 'PUT',
      cookie: off.cookie,
      json: { email: { 'trial-ending': false } },
    });
    const kiritimati = await createMember(t, undefined, { plan: 'none' });
    await t.request('/api/notifications', {
      method: 'PUT',
      cookie: kiritimati.cookie,
      json: { timeZone: 'Pacific/Kiritimati' },
    });
    for (const m of [off, kiritimati])
      await t.request('/api/subscription/trial', { cookie: m.cookie, json: {} });
    clock = new Date(start.getTime() + 4 * DAY + 60_000);
    await sweep();
    expect(await endingMails(off.email)).toHaveLength(0);
    const [mail] = await endingMails(kiritimati.email);
    // The trial ends at 12:00 UTC on Sunday 27 December: 02:00 on Monday 28th in Kiritimati (UTC+14).
    expect(mail?.text).toContain('Your trial ends on Monday, December 28');
    expect(mail?.listUnsubscribe).toContain('/api/notifications/unsubscribe?token=');
    // In "What is new" too, once, whatever the mail switch.
    await sweep();
    expect(await newsOf(t, kiritimati.userId)).toEqual([
      { kind: 'plan-ending', title: 'Your free trial ends on Monday, December 28', url: '/subscription' },
    ]);
    expect(await newsOf(t, off.userId)).toHaveLength(1);
  });

  it('a failed payment is told once per event, unless switched off', async () => {
    const told = await createMember(t, undefined, { plan: 'none' });
    const off = await createMember(t, undefined, { plan: 'none' });
    await t.request('/api/notifications', {
      method: 'PUT',
      cookie: off.cookie,
      json: { email: { 'payment-failed': false } },
    });
    for (const [m, sub] of [
      [told, 'sub_told'],
      [off, 'sub_off'],
    ] as const) {
      await givePaidTier(t, m, 'The Daily Core');
      await t.db
        .update(subscribers)
        .set({ providerSubscriptionId: sub })
        .where(eq(subscribers.userId, m.userId));
    }
    const fail = (id: string, subscriptionId: string) =>
      handlePaymentEvent(t.deps, { id, type: 'invoice.payment_failed', created: clock, subscriptionId });
    await fail('evt_failed_1', 'sub_told');
    await fail('evt_failed_1', 'sub_told'); // the provider retries the event
    await fail('evt_failed_2', 'sub_off');
    await t.drainJobs();
    const subject = 'Your Core28 payment did not go through';
    expect(await mailsTo(t, told.email, subject)).toHaveLength(1);
    expect(await mailsTo(t, off.email, subject)).toHaveLength(0);
    // In "What is new" once per failure, whatever the mail switch: the plan is at stake.
    for (const m of [told, off])
      expect(await newsOf(t, m.userId)).toEqual([
        { kind: 'payment-problem', title: 'Your payment did not go through', url: '/subscription/manage' },
      ]);
  });

  it('is not sent for a trial that has already ended', async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    await t.request('/api/subscription/trial', { cookie: member.cookie, json: {} });
    clock = new Date(clock.getTime() + 8 * DAY);
    await sweep();
    expect(await endingMails(member.email)).toHaveLength(0);
  });
});

describe('a paid plan about to end', () => {
  let clock = new Date('2026-12-30T15:00:00Z');
  let t: TestApp;
  let server: Awaited<ReturnType<TestApp['listen']>>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    server = await t.listen();
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });
  const sweep = async () => {
    await t.jobs.enqueue(TRIAL_ENDING_QUEUE, {});
    await t.drainJobs();
  };

  it("a paid plan cancelled at its period's end: told once, three days before, live on a Daily Core member's socket", async () => {
    const member = await createMember(t);
    const kept = await createMember(t);
    await t.request('/api/notifications', {
      method: 'PUT',
      cookie: member.cookie,
      json: { timeZone: 'Pacific/Kiritimati' },
    });
    const end = new Date('2027-01-08T12:00:00Z'); // 02:00 on Saturday 9th in Kiritimati
    for (const [m, cancelAtPeriodEnd] of [
      [member, true],
      [kept, false],
    ] as const) {
      await givePaidTier(t, m, 'The Daily Core');
      await t.db
        .update(subscribers)
        .set({ subscriptionEnd: end, cancelAtPeriodEnd })
        .where(eq(subscribers.userId, m.userId));
    }
    const ending = async (m: { cookie: string }) =>
      ((await json(await t.request('/api/news', { cookie: m.cookie }))) as NewsPage).items.filter(
        (item) => item.kind === 'plan-ending',
      );

    await sweep(); // nine days before: not yet
    expect(await ending(member)).toEqual([]);

    // The hub admits every member's socket now; this one hears of its own item only.
    const live = await connect(server.port, member.cookie);
    const elsewhere = await connect(server.port, kept.cookie);
    clock = new Date(end.getTime() - 3 * DAY + 60_000);
    await sweep();
    await live.next((e) => e.type === 'news');
    await sweep();
    const [item, ...more] = await ending(member);
    expect(more).toEqual([]);
    expect(item).toMatchObject({
      title: 'The Daily Core ends on Saturday, January 9',
      body: 'Resume it to keep your program going.',
      url: '/subscription/manage',
    });
    expect(await ending(kept)).toEqual([]);
    expect(elsewhere.events.some((e) => e.type === 'news')).toBe(false);
    live.ws.close();
    elsewhere.ws.close();
  });
});

describe('receipts with the demo provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends one receipt per payment, not again when the paid checkout is submitted again', async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    const { url } = await json(
      await t.request('/api/subscription/checkout', {
        cookie: member.cookie,
        json: { plan: 'burn-monthly' },
      }),
    );
    const pay = () =>
      t.app.request(new URL(url).pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: member.cookie },
        body: new URLSearchParams({ number: '4242424242424242', expiry: '12/40', cvc: '123' }).toString(),
      });
    expect((await pay()).status).toBe(303);
    expect((await pay()).status).toBe(303);
    await t.drainJobs();
    const receipts = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, member.email));
    const sent = receipts.filter((mail) => mail.meta.kind === 'receipt');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toMatch(/^Your Core28 receipt CORE28-\w{4}-0001$/);
    expect(sent[0]?.text).toContain('$');
    expect(sent[0]?.html).toContain('class="preheader"');
    expect(sent[0]?.sentAt).toBeInstanceOf(Date);
    // The receipt's link opens the invoice (a signed link of the demo provider).
    const invoice = await t.request(
      new URL(sent[0]!.meta.url!).pathname + new URL(sent[0]!.meta.url!).search,
    );
    expect(invoice.status).toBe(200);
  });
});

describe('receipts with Stripe', () => {
  let stripe: StripeDouble;
  let t: TestApp;
  let isRelayDown = false;
  const sent: string[] = [];

  beforeAll(async () => {
    stripe = await startStripeDouble(); // the handler reads sub_1 and the invoice, in_1
    t = await createTestApp({
      // The relay is the outside service here: down, then back.
      mailer: {
        kind: 'smtp',
        send: async (mail) => {
          if (isRelayDown) throw new Error('connect ECONNREFUSED');
          sent.push(mail.subject);
        },
      },
      env: stripeEnv(stripe),
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const invoicePaid = (id: string) =>
    sendWebhook(t, {
      id,
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: { object: INVOICE },
    });
  const receiptSubject = `Your Core28 receipt ${INVOICE.number}`;

  it('a failed send is retried by the queue, and the retried event does not send it twice', async () => {
    const member = await createMember(t, undefined, { plan: 'none' });
    stripe.state.owner = member.userId;
    isRelayDown = true;
    expect(await json(await invoicePaid('evt_paid_1'))).toEqual({ received: true, outcome: 'handled' });
    await t.drainJobs();
    const [pending] = await mailsTo(t, member.email, receiptSubject);
    expect(pending).toMatchObject({ attempts: 1, sentAt: null, lastError: 'connect ECONNREFUSED' });

    // Stripe delivers the event again (the old code counted it a duplicate and the mail was lost).
    expect((await json(await invoicePaid('evt_paid_1'))).outcome).toBe('duplicate');
    // Another event about the same invoice writes no second receipt.
    expect((await json(await invoicePaid('evt_paid_2'))).outcome).toBe('handled');

    isRelayDown = false;
    await makeRetriesDue(t.database.executeSql);
    await t.drainJobs();
    const receipts = await mailsTo(t, member.email, receiptSubject);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ attempts: 2, lastError: 'connect ECONNREFUSED' });
    expect(receipts[0]?.sentAt).toBeInstanceOf(Date);
    expect(receipts[0]?.text).toContain(
      `Paid on ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(INVOICE.status_transitions.paid_at * 1000)}: $9.99`,
    );
    expect(receipts[0]?.text).toContain(INVOICE.hosted_invoice_url);
    expect(sent.filter((subject) => subject === receiptSubject)).toHaveLength(1);
  });
});
