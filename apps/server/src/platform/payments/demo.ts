import type { Database } from '../db/index.ts';
import { demoAccountMethods } from './demo-account.ts';
import { demoChangeMethods } from './demo-changes.ts';
import { demoCheckoutMethods } from './demo-checkout.ts';
import { type DemoSelf, demoContext } from './demo-context.ts';
import { type PaymentProvider, PaymentRefusedError } from './provider.ts';

// The embedded default: a provider that keeps Stripe's kind of records in our database and
// serves its own test checkout and billing portal pages (/demo-pay). No money moves. It behaves
// as Stripe does where members can tell: one subscription per customer (Stripe Checkout's
// "limit customers to one subscription"), renewals and cancellations at the period end, and
// plan changes prorated by unused time.
//
// Its parts: demo-records.ts (the rows), demo-billing.ts (cards, invoices, renewals),
// demo-context.ts (what the methods share), and the methods in demo-checkout.ts,
// demo-account.ts and demo-changes.ts.

export { DEMO_CARDS } from './demo-billing.ts';
export type { CardInput } from './demo-records.ts';
/** The demo checkout's and portal's refusals, shown on their pages. */
export { PaymentRefusedError as CardDeclinedError };

export function createDemoProvider({
  db,
  publicUrl,
  secret,
  now = () => new Date(),
}: {
  db: Database;
  publicUrl: string;
  secret: string;
  now?: () => Date;
}) {
  const context = demoContext({ db, publicUrl, secret, now });
  const self = (): DemoSelf => provider;
  const provider = {
    kind: 'demo' as const,
    sign: context.sign,
    ...demoCheckoutMethods(context),
    ...demoAccountMethods(context, self),
    ...demoChangeMethods(context, self),
  };
  return provider satisfies PaymentProvider;
}

export type DemoProvider = ReturnType<typeof createDemoProvider>;
