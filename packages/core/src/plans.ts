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
