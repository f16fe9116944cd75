import type { SubscriberRow } from '@core28/core/subscriptions';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { subscribers } from '../../platform/db/schema.ts';

export async function findSubscriber(
  { db }: Pick<Deps, 'db'>,
  userId: string,
): Promise<SubscriberRow | null> {
  const [row] = await db
    .select({
      subscribed: subscribers.subscribed,
      subscriptionTier: subscribers.subscriptionTier,
      subscriptionEnd: subscribers.subscriptionEnd,
      isTrial: subscribers.isTrial,
      trialEnd: subscribers.trialEnd,
    })
    .from(subscribers)
    .where(eq(subscribers.userId, userId));
  return row ?? null;
}
