import { createHmac } from 'node:crypto';
import type { Database, DbOrTx } from '../db/index.ts';
import { demoBilling } from './demo-billing.ts';
import { type InvoiceData, newId, type Store, store } from './demo-records.ts';
import type { PaymentEvent, ProviderSubscription } from './provider.ts';

/** What the demo provider's methods share: its records, clock, secret and billing. */
export function demoContext({
  db,
  publicUrl,
  secret,
  now,
}: {
  db: Database;
  publicUrl: string;
  secret: string;
  now: () => Date;
}) {
  const base = store(db);
  /** One transaction; rows are locked in one order: checkout, customer, subscription. */
  const inTransaction = <T>(work: (s: Store, tx: DbOrTx) => Promise<T>) =>
    db.transaction(async (tx) => work(store(tx), tx));

  const customerOf = (userId: string) =>
    `cus_demo_${createHmac('sha256', secret).update(userId).digest('hex').slice(0, 20)}`;
  const event = (type: string, fields: Omit<PaymentEvent, 'id' | 'type' | 'created'>): PaymentEvent => ({
    id: newId('evt'),
    type,
    created: now(),
    ...fields,
  });
  /** Links to the portal and receipts carry an HMAC so only their holder opens them. */
  const sign = (value: string) =>
    createHmac('sha256', secret).update(`demo-pay:${value}`).digest('base64url');

  return { db, publicUrl, now, base, inTransaction, customerOf, event, sign, ...demoBilling(now) };
}
export type DemoContext = ReturnType<typeof demoContext>;

/**
 * The provider's own methods that others call through the provider object, so that a test's spy
 * on the object sees those calls too.
 */
export type DemoSelf = {
  getSubscription(id: string): Promise<ProviderSubscription | null>;
  getInvoice(id: string): Promise<({ id: string; customerId: string } & InvoiceData) | null>;
};
