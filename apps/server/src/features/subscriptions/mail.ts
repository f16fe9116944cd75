import { isValidTimeZone } from '@core28/core/local-day';
import { formatDollars } from '@core28/core/plans';
import { TRIAL_ENDING_NOTICE_DAYS } from '@core28/core/subscriptions';
import { and, eq, gt, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import type { DbOrTx } from '../../platform/db/index.ts';
import { memberNews, paymentCustomers, profiles, subscribers, users } from '../../platform/db/schema.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { actionEmail, receiptEmail, type Unsubscribe } from '../../platform/mail/templates.ts';
import type { PaidInvoice } from '../../platform/payments/provider.ts';
import { addNews } from '../news/service.ts';
import { notify } from '../notifications/service.ts';

// The member's subscription e-mails, each written in the transaction of its cause and
// sent by the mail queue, once.

type MailDeps = Pick<Deps, 'config' | 'jobs' | 'mailLinkKey'>;

/** The trial's end as the member counts days: the date in their zone, else UTC. */
const formatDay = (at: Date, timeZone: string | null) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: timeZone && isValidTimeZone(timeZone) ? timeZone : 'UTC',
  }).format(at);
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

function trialEndingEmail(
  config: Deps['config'],
  {
    to,
    trialEnd,
    timeZone,
    unsubscribe,
  }: { to: string; trialEnd: Date | null; timeZone: string | null; unsubscribe: Unsubscribe },
) {
  const when = trialEnd ? `on ${formatDay(trialEnd, timeZone)}` : 'in a few days';
  return actionEmail({
    to,
    kind: 'trial-ending',
    subject: 'Your Core28 trial ends soon',
    preview: `Your free trial ends ${when}. Pick a plan to keep your streak going.`,
    intro: `Your trial ends ${when}. Keep your streak going by choosing a plan.`,
    action: 'View plans',
    url: `${config.publicUrl}/subscription`,
    outro: 'If you do nothing, your trial simply ends; you are never charged without choosing a plan.',
    unsubscribe,
  });
}

/**
 * The trial-ending sweep (hourly): each member whose own free trial ends within
 * TRIAL_ENDING_NOTICE_DAYS and who was not told yet gets the e-mail; marking the row and writing
 * the mail are one transaction, so it goes once even when two sweeps meet.
 */
export async function mailEndingTrials(deps: Pick<Deps, 'db' | 'now'> & MailDeps): Promise<number> {
  const now = deps.now();
  const horizon = new Date(now.getTime() + TRIAL_ENDING_NOTICE_DAYS * 86_400_000);
  const due = await deps.db
    .select({ userId: subscribers.userId, trialEnd: subscribers.trialEnd, timeZone: profiles.timeZone })
    .from(subscribers)
    .leftJoin(profiles, eq(profiles.userId, subscribers.userId))
    .where(
      and(
        eq(subscribers.isTrial, true),
        isNull(subscribers.trialEndingMailedAt),
        gt(subscribers.trialEnd, now),
        lte(subscribers.trialEnd, horizon),
      ),
    );
  let mailed = 0;
  for (const member of due) {
    await deps.db.transaction(async (tx) => {
      const claimed = await tx
        .update(subscribers)
        .set({ trialEndingMailedAt: now })
        .where(and(eq(subscribers.userId, member.userId), isNull(subscribers.trialEndingMailedAt)))
        .returning({ userId: subscribers.userId });
      if (claimed.length === 0) return;
      await addTrialEndingNews(tx, {
        userId: member.userId,
        trialEnd: member.trialEnd,
        timeZone: member.timeZone,
        at: now,
      });
      // Through the member's choice for this kind (marked either way: asked once).
      const isWritten = await notify(deps, tx, {
        userId: member.userId,
        kind: 'trial-ending',
        build: ({ email, unsubscribe }) =>
          trialEndingEmail(deps.config, {
            to: email,
            trialEnd: member.trialEnd,
            timeZone: member.timeZone,
            unsubscribe,
          }),
      });
      if (isWritten) mailed++;
    });
  }
  return mailed;
}

/** The plan about to end, in "What is new" whatever the member's mail choice. */
const addTrialEndingNews = (
  tx: DbOrTx,
  {
    userId,
    trialEnd,
    timeZone,
    at,
    dedupeKey,
  }: { userId: string; trialEnd: Date | null; timeZone: string | null; at?: Date; dedupeKey?: string },
) =>
  addNews(tx, {
    userId,
    kind: 'plan-ending',
    title: `Your free trial ends ${trialEnd ? `on ${formatDay(trialEnd, timeZone)}` : 'in a few days'}`,
    body: 'Choose a plan to keep your program going.',
    url: '/subscription',
    at,
    dedupeKey: dedupeKey ?? `trial-ending:${userId}:${trialEnd?.toISOString() ?? ''}`,
  });

/**
 * A paid plan cancelled at its period's end, in "What is new" TRIAL_ENDING_NOTICE_DAYS before it
 * ends (once per end: resuming and cancelling again names the same end and adds nothing). No
 * e-mail: the member chose the end, and the provider's receipt named it; the app's item is the
 * reminder with the way back (resume on the manage page).
 */
export async function tellEndingPlans(deps: Pick<Deps, 'db' | 'now'>): Promise<number> {
  const now = deps.now();
  const horizon = new Date(now.getTime() + TRIAL_ENDING_NOTICE_DAYS * 86_400_000);
  const key = sql<string>`'plan-ending:' || ${subscribers.userId} || ':' || to_char(${subscribers.subscriptionEnd} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const due = await deps.db
    .select({
      userId: subscribers.userId,
      tier: subscribers.subscriptionTier,
      end: subscribers.subscriptionEnd,
      timeZone: profiles.timeZone,
    })
    .from(subscribers)
    .leftJoin(profiles, eq(profiles.userId, subscribers.userId))
    .where(
      and(
        eq(subscribers.subscribed, true),
        eq(subscribers.isTrial, false),
        eq(subscribers.cancelAtPeriodEnd, true),
        sql`${subscribers.subscriptionTier} in ('The Daily Core', '1-on-1 Burn')`,
        gt(subscribers.subscriptionEnd, now),
        lte(subscribers.subscriptionEnd, horizon),
        notExists(deps.db.select({ one: sql`1` }).from(memberNews).where(eq(memberNews.dedupeKey, key))),
      ),
    );
  // The key is also the insert's guard; matching it here only spares the hourly no-op inserts.
  let told = 0;
  for (const member of due) {
    if (!member.end || !member.tier) continue;
    const added = await addNews(deps.db, {
      userId: member.userId,
      kind: 'plan-ending',
      title: `${member.tier} ends on ${formatDay(member.end, member.timeZone)}`,
      body: 'Resume it to keep your program going.',
      url: '/subscription/manage',
      at: now,
      dedupeKey: `plan-ending:${member.userId}:${member.end.toISOString()}`,
    });
    if (added) told++;
  }
  return told;
}

/** Stripe's `trial_will_end` (a trial kept at Stripe), in the event's own transaction. */
export async function mailProviderTrialEnding(
  deps: MailDeps,
  tx: DbOrTx,
  { subscriptionId }: { subscriptionId: string },
) {
  const [row] = await tx
    .select({
      userId: subscribers.userId,
      trialEnd: subscribers.subscriptionEnd,
      timeZone: profiles.timeZone,
    })
    .from(subscribers)
    .leftJoin(profiles, eq(profiles.userId, subscribers.userId))
    .where(eq(subscribers.providerSubscriptionId, subscriptionId));
  if (!row) return;
  await addTrialEndingNews(tx, { ...row, dedupeKey: `trial-ending:${subscriptionId}` });
  await notify(deps, tx, {
    userId: row.userId,
    kind: 'trial-ending',
    dedupeKey: `trial-ending:${subscriptionId}`,
    build: ({ email, unsubscribe }) =>
      trialEndingEmail(deps.config, {
        to: email,
        trialEnd: row.trialEnd,
        timeZone: row.timeZone,
        unsubscribe,
      }),
  });
}

/**
 * A failed renewal of the member's plan, told once per failure (a provider's retried attempts, its
 * events and our own reading of the subscription meet on one key), in the transaction that
 * recorded it: the plan is kept for the grace period, and the mail names its last day in the
 * member's own zone, as the banner does. `eventId` names an event about a row not known to be
 * failing (its provider could not be read), told once per event, as before the grace existed.
 */
export async function mailPaymentFailed(
  deps: MailDeps,
  tx: DbOrTx,
  { subscriptionId, eventId }: { subscriptionId: string; eventId: string | null },
) {
  const [row] = await tx
    .select({
      userId: subscribers.userId,
      paymentFailedAt: subscribers.paymentFailedAt,
      timeZone: profiles.timeZone,
    })
    .from(subscribers)
    .leftJoin(profiles, eq(profiles.userId, subscribers.userId))
    .where(eq(subscribers.providerSubscriptionId, subscriptionId));
  if (!row || (!row.paymentFailedAt && !eventId)) return;
  const graceEnd =
    row.paymentFailedAt &&
    new Date(row.paymentFailedAt.getTime() + deps.config.paymentGraceDays * 86_400_000);
  const keptUntil = graceEnd
    ? `Your plan stays active until ${formatDay(graceEnd, row.timeZone)} while we try again.`
    : 'We will try again.';
  const dedupeKey = row.paymentFailedAt
    ? `payment-failed:${subscriptionId}:${row.paymentFailedAt.toISOString()}`
    : `payment-failed:${eventId}`;
  // In the app whatever the member's mail choice: the plan is at stake.
  await addNews(tx, {
    userId: row.userId,
    kind: 'payment-problem',
    title: 'Your payment did not go through',
    body: `${keptUntil} Update your card to keep your plan.`,
    url: '/subscription/manage',
    dedupeKey,
  });
  await notify(deps, tx, {
    userId: row.userId,
    kind: 'payment-failed',
    dedupeKey,
    build: ({ email, unsubscribe }) =>
      actionEmail({
        to: email,
        kind: 'payment-failed',
        subject: 'Your Core28 payment did not go through',
        preview: 'We could not charge your card. Update your payment details to keep your plan.',
        intro: `We could not charge your card for your Core28 plan. ${keptUntil} Updating your card now keeps your plan without a break.`,
        action: 'Update your card',
        url: `${deps.config.publicUrl}/subscription/manage`,
        outro: 'If you already updated your card, you can ignore this e-mail.',
        unsubscribe,
      }),
  });
}

/** A receipt for a paid invoice, in the payment event's transaction; once per invoice. */
export async function mailReceipt(deps: MailDeps, tx: DbOrTx, { invoice }: { invoice: PaidInvoice }) {
  const [owner] = await tx
    .select({ email: users.email })
    .from(users)
    .leftJoin(paymentCustomers, eq(paymentCustomers.userId, users.id))
    .leftJoin(subscribers, eq(subscribers.userId, users.id))
    .where(
      or(
        eq(paymentCustomers.customerId, invoice.customerId),
        eq(subscribers.providerCustomerId, invoice.customerId),
      ),
    )
    .limit(1);
  if (!owner) return;
  const message = receiptEmail({
    to: owner.email,
    number: invoice.number,
    amountPaid: formatDollars(invoice.amountPaidCents),
    description: invoice.description,
    paidOn: dateFormat.format(invoice.paidAt),
    url: invoice.url,
    manageUrl: `${deps.config.publicUrl}/subscription/manage`,
  });
  await enqueueMail(deps, tx, message, { dedupeKey: `receipt:${invoice.id}` });
}
