import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { WebhookSignatureError } from '../../platform/payments/stripe.ts';
import { handlePaymentEvent } from './events.ts';

export const webhookRoutes = new Hono<AppEnv>().post('/stripe', async (c) => {
  const { payments } = c.get('deps');
  if (payments.kind !== 'stripe') throw new AppError('NOT_FOUND', 'Stripe is not configured');
  // The signature covers the exact bytes Stripe sent: read the raw body, never re-serialised JSON.
  const rawBody = await c.req.text();
  let event: Awaited<ReturnType<typeof payments.parseWebhook>>;
  try {
    event = await payments.parseWebhook(rawBody, c.req.header('stripe-signature'));
  } catch (err) {
    if (err instanceof WebhookSignatureError) throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
    throw err;
  }
  const outcome = await handlePaymentEvent(c.get('deps'), event);
  return c.json({ received: true as const, outcome });
});
