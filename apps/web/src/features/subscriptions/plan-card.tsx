import { hasTrialEnded } from '@core28/core/entitlements';
import {
  type CheckoutPlanId,
  checkoutPlan,
  checkoutPlanId,
  formatDollars,
  type Plan,
  trialDaysLeft,
} from '@core28/core/plans';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/class-names';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useViewer } from '@/lib/viewer';
import { toastTrialError, useActivateTrial } from './api';
import { SeatsFull, useBurnSeatsFull } from './waitlist';

// One plan on the chooser, with what this viewer can do about it: sign up, start the trial, or,
// paying already, switch the one subscription.

export type Billing = 'monthly' | 'annually';

function price(plan: Plan, billing: Billing) {
  if (plan.monthlyCents === 0) return { amount: '$0', per: '/week' };
  return billing === 'monthly'
    ? { amount: formatDollars(plan.monthlyCents), per: '/month' }
    : { amount: formatDollars(plan.yearlyCents), per: '/year' };
}

/** A signed-in member starts the free trial right here; visitors go through sign-up first. */
function StartTrialButton() {
  const activate = useActivateTrial();
  const navigate = useNavigate();
  const onClick = () =>
    activate.mutate(undefined, {
      onSuccess: () => {
        toast.success('Your free trial has started', { description: 'Enjoy 7 days of full access.' });
        navigate('/program');
      },
      onError: toastTrialError,
    });
  return (
    <Button size="lg" variant="secondary" className="mt-auto" onClick={onClick} disabled={activate.isPending}>
      Start Free Trial
    </Button>
  );
}

export type CurrentPlan = {
  plan: CheckoutPlanId;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  scheduled_plan: CheckoutPlanId | null;
};
type Actions = { onSwitch: (to: CheckoutPlanId) => void; onCancelToFree: () => void };

export const longDate = (iso: string | null) => (iso ? formatDate(iso, 'long') : 'soon');
const Note = ({ children }: { children: ReactNode }) => (
  <p className="mt-auto rounded-lg bg-zinc-100 px-3 py-2.5 text-center text-sm font-medium text-zinc-700">
    {children}
  </p>
);

/** A paying member's action on a card: switch the one subscription, never a second checkout. */
function PaidMemberAction({
  plan,
  billing,
  current,
  onSwitch,
  onCancelToFree,
}: { plan: Plan; billing: Billing; current: CurrentPlan } & Actions) {
  const periodEnd = longDate(current.current_period_end);
  if (plan.monthlyCents === 0)
    return current.cancel_at_period_end ? (
      <Note>You move to Feel and Burn on {periodEnd}</Note>
    ) : (
      <Button size="lg" variant="secondary" className="mt-auto" onClick={onCancelToFree}>
        Switch to Feel and Burn
      </Button>
    );
  const id = checkoutPlanId(plan.slug, billing === 'annually' ? 'year' : 'month')!;
  if (id === current.scheduled_plan) return <Note>Starts on {periodEnd}</Note>;
  if (id === current.plan)
    return current.scheduled_plan ? (
      <Button size="lg" variant="outline" className="mt-auto" onClick={() => onSwitch(id)}>
        Keep {plan.name}
      </Button>
    ) : (
      <Button asChild size="lg" variant="outline" className="mt-auto">
        <Link to="/subscription/manage">Manage subscription</Link>
      </Button>
    );
  const isSameTier = checkoutPlan(current.plan).plan.slug === plan.slug;
  const label = isSameTier
    ? `Switch to ${billing === 'annually' ? 'annual' : 'monthly'} billing`
    : `Switch to ${plan.name}`;
  return (
    <Button
      size="lg"
      variant={plan.isPopular ? 'default' : 'secondary'}
      className="mt-auto"
      onClick={() => onSwitch(id)}
    >
      {label}
    </Button>
  );
}

export function PlanCard({
  plan,
  billing,
  current,
  isKnown,
  ...actions
}: { plan: Plan; billing: Billing; current: CurrentPlan | null; isKnown: boolean } & Actions) {
  const { user, subscription } = useViewer();
  const { amount, per } = price(plan, billing);
  const isFree = plan.monthlyCents === 0;
  const isTrial = Boolean(subscription?.is_trial);
  const isOnTrialPlan = isFree && user !== null && isTrial;
  const isYours = current ? checkoutPlan(current.plan).plan.slug === plan.slug : isOnTrialPlan;
  // Limited seats: a full 1-on-1 Burn offers the waitlist to everyone but its own members.
  const isFull = useBurnSeatsFull() && plan.tier === '1-on-1 Burn' && !isYours;
  return (
    <Card
      role="group"
      aria-label={plan.name}
      className={cn(
        'relative flex flex-col',
        isYours
          ? 'border-2 border-zinc-900 shadow-lg'
          : plan.isPopular && 'border-2 border-brand-600 shadow-lg',
      )}
    >
      {(isYours || plan.isPopular) && (
        <span
          className={cn(
            'absolute -top-3 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 text-xs font-bold whitespace-nowrap text-white',
            isYours ? 'bg-zinc-900' : 'bg-brand-600',
          )}
        >
          {isYours ? 'Your plan' : 'Most popular'}
        </span>
      )}
      <CardHeader>
        <CardTitle>{plan.name}</CardTitle>
        <CardDescription>{plan.tagline}</CardDescription>
        <p className="mt-2 flex items-baseline gap-1">
          <span className="text-4xl font-extrabold tracking-tight">{amount}</span>
          <span className="text-zinc-500">{per}</span>
        </p>
        {billing === 'annually' && plan.annualBadge && (
          <span className="w-fit rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
            {plan.annualBadge}
          </span>
        )}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-6">
        <ul className="grid gap-2 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden />
              {feature}
            </li>
          ))}
        </ul>
        {!isKnown ? (
          <div className="mt-auto h-12 animate-pulse rounded-md bg-zinc-100" aria-hidden />
        ) : isFull ? (
          <SeatsFull interval={billing === 'annually' ? 'year' : 'month'} />
        ) : current ? (
          <PaidMemberAction plan={plan} billing={billing} current={current} {...actions} />
        ) : isOnTrialPlan && hasTrialEnded(subscription) ? (
          <Note>Your free trial ended on {longDate(subscription?.trial_end ?? null)}</Note>
        ) : isOnTrialPlan ? (
          <Note>
            Free trial · {trialDaysLeft(subscription?.trial_end ?? null, new Date())} days left, until{' '}
            {longDate(subscription?.trial_end ?? null)}
          </Note>
        ) : isFree && user ? (
          <StartTrialButton />
        ) : (
          <Button asChild size="lg" variant={plan.isPopular ? 'default' : 'secondary'} className="mt-auto">
            <Link to={`/subscription/signup?plan=${plan.slug}`}>
              {isFree ? 'Start Free Trial' : `Choose ${plan.name}`}
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
