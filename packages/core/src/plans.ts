import type { SubscriptionState, Tier } from './subscriptions.ts';

// spec §3 plan slugs and checkout ids, §9 prices. The one catalogue server and web read.
export const PLAN_SLUGS = ['feel-and-burn', 'daily-core', 'burn'] as const;
export type PlanSlug = (typeof PLAN_SLUGS)[number];
export const CHECKOUT_PLAN_IDS = [
  'daily-core-monthly',
  'daily-core-yearly',
  'burn-monthly',
  'burn-yearly',
] as const;
export type CheckoutPlanId = (typeof CHECKOUT_PLAN_IDS)[number];

export type BillingInterval = 'month' | 'year';

export type Plan = {
  slug: PlanSlug;
  tier: Tier;
  name: string;
  tagline: string;
  features: string[];
  /** Prices in cents; the free plan is $0 a week. */
  monthlyCents: number;
  yearlyCents: number;
  annualBadge: string | null;
  isPopular: boolean;
};

export const PLANS: readonly Plan[] = [
  {
    slug: 'feel-and-burn',
    tier: 'Feel and Burn',
    name: 'Feel and Burn',
    tagline: 'Try the full program free for 7 days',
    features: [
      '7-day free trial',
      'Full access during the trial',
      'Daily core workouts',
      'Progress tracking',
    ],
    monthlyCents: 0,
    yearlyCents: 0,
    annualBadge: null,
    isPopular: false,
  },
  {
    slug: 'daily-core',
    tier: 'The Daily Core',
    name: 'The Daily Core',
    tagline: 'The complete 28-day program',
    features: [
      'Full 28-day program',
      'Core upgrade workouts',
      'Exercise database',
      'Workout history',
      'Progress analytics',
    ],
    monthlyCents: 999,
    yearlyCents: 9999,
    annualBadge: 'Save $20!',
    isPopular: true,
  },
  {
    slug: 'burn',
    tier: '1-on-1 Burn',
    name: '1-on-1 Burn',
    tagline: 'Everything, plus your own coach',
    features: [
      'Everything in The Daily Core',
      'Custom workout plans',
      '1-on-1 coaching',
      'Direct messaging with your coach',
      'Priority support',
      'Community access',
      'Limited seats',
    ],
    monthlyCents: 2999,
    yearlyCents: 29999,
    annualBadge: 'Save $60!',
    isPopular: false,
  },
];

export const SIGNUP_ANNUAL_BADGE = 'Save 17%';

/**
 * The business's currency: the plans are priced in US dollars (spec §9). Kept here, beside the
 * prices and away from zod, so the owner's page reads it without the schemas.
 */
export const BUSINESS_CURRENCY = 'USD';

export const planBySlug = (slug: string | null | undefined): Plan | undefined =>
  PLANS.find((plan) => plan.slug === slug);

export function checkoutPlan(id: CheckoutPlanId): {
  plan: Plan;
  interval: BillingInterval;
  amountCents: number;
} {
  const [slug, interval] =
    id === 'daily-core-monthly'
      ? ['daily-core', 'month']
      : id === 'daily-core-yearly'
        ? ['daily-core', 'year']
        : id === 'burn-monthly'
          ? ['burn', 'month']
          : ['burn', 'year'];
  const plan = planBySlug(slug)!;
  const isYear = interval === 'year';
  return {
    plan,
    interval: isYear ? 'year' : 'month',
    amountCents: isYear ? plan.yearlyCents : plan.monthlyCents,
  };
}

export const checkoutPlanId = (slug: PlanSlug, interval: BillingInterval): CheckoutPlanId | null =>
  slug === 'feel-and-burn'
    ? null
    : (`${slug}-${interval === 'year' ? 'yearly' : 'monthly'}` as CheckoutPlanId);

export const addInterval = (from: Date, interval: BillingInterval) => {
  const next = new Date(from);
  if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
};

const TIER_RANK: Record<PlanSlug, number> = { 'feel-and-burn': 0, 'daily-core': 1, burn: 2 };

/**
 * How a paying member's switch takes effect: a higher tier, or yearly billing of the
 * same tier, starts now with a prorated charge; anything else waits for the period end, so the
 * member keeps what they paid for.
 */
export function planChange(from: CheckoutPlanId, to: CheckoutPlanId): 'same' | 'upgrade' | 'downgrade' {
  if (from === to) return 'same';
  const a = checkoutPlan(from);
  const b = checkoutPlan(to);
  const byTier = TIER_RANK[b.plan.slug] - TIER_RANK[a.plan.slug];
  if (byTier !== 0) return byTier > 0 ? 'upgrade' : 'downgrade';
  return b.interval === 'year' ? 'upgrade' : 'downgrade';
}

/** "The Daily Core (monthly)": a checkout plan as invoices and the coach's member page name it. */
export const planLabel = (id: CheckoutPlanId) => {
  const { plan, interval } = checkoutPlan(id);
  return `${plan.name} (${interval === 'year' ? 'yearly' : 'monthly'})`;
};

/**
 * An upgrade's invoice as Stripe computes it with proration: a credit for the unused time on the
 * old price and a charge for the remaining time on the new one, by the second of the current
 * period; a new billing interval starts a new period now and charges the full new price. A
 * negative total becomes the customer's credit, used first by later invoices.
 */
export function prorateChange({
  from,
  to,
  periodStart,
  periodEnd,
  at,
  creditCents = 0,
}: {
  from: CheckoutPlanId;
  to: CheckoutPlanId;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
  creditCents?: number;
}) {
  const old = checkoutPlan(from);
  const next = checkoutPlan(to);
  const length = periodEnd.getTime() - periodStart.getTime();
  const unused = Math.min(1, Math.max(0, (periodEnd.getTime() - at.getTime()) / length));
  const resetsPeriod = old.interval !== next.interval;
  const lines = [
    { description: `Unused time on ${planLabel(from)}`, amountCents: -Math.round(old.amountCents * unused) },
    resetsPeriod
      ? { description: planLabel(to), amountCents: next.amountCents }
      : {
          description: `Remaining time on ${planLabel(to)}`,
          amountCents: Math.round(next.amountCents * unused),
        },
  ];
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const applied = Math.min(Math.max(totalCents, 0), creditCents);
  return {
    lines,
    totalCents,
    amountDueCents: Math.max(0, totalCents) - applied,
    creditAfterCents: creditCents - applied + Math.max(0, -totalCents),
    periodStart: resetsPeriod ? at : periodStart,
    periodEnd: resetsPeriod ? addInterval(at, next.interval) : periodEnd,
  };
}

/** Cents as dollars with two decimals (spec §9 invoices). */
export const formatDollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** spec §2 Subscription management: a trial's days left, never below 0. */
export function trialDaysLeft(trialEnd: string | Date | null, now: Date): number {
  if (!trialEnd) return 0;
  const ms = new Date(trialEnd).getTime() - now.getTime();
  return Math.max(0, Math.ceil(ms / 86_400_000));
}

/**
 * spec §2 Trial and upgrade banner: signed-in non-admins who are neither subscribed nor on
 * trial, or who are on trial with tier Feel and Burn.
 */
export function shouldShowUpgradeBanner(viewer: {
  isSignedIn: boolean;
  isAdmin: boolean;
  subscription: SubscriptionState | null;
}): boolean {
  if (!viewer.isSignedIn || viewer.isAdmin || !viewer.subscription) return false;
  const s = viewer.subscription;
  const isNeither = !s.subscribed && !s.is_trial;
  const isFreeTrial = s.is_trial && s.subscription_tier === 'Feel and Burn';
  return isNeither || isFreeTrial;
}

/** spec §2 Subscription: the summary card is for paid, non-trial members above Feel and Burn. */
export const isPaidMember = (s: SubscriptionState | null) =>
  Boolean(s?.subscribed && !s.is_trial && s.subscription_tier && s.subscription_tier !== 'Feel and Burn');
