import {
  type CheckoutPlanId,
  checkoutPlan,
  checkoutPlanId,
  formatDollars,
  isPaidMember,
  PLANS,
  type Plan,
  trialDaysLeft,
} from '@core28/core/plans';
import { hasTrialEnded } from '@core28/core/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { Check, Crown } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useViewer } from '../auth/api';
import { planQuery, toastTrialError, useActivateTrial } from './api';
import { CancelToFreeDialog, PlanSwitchDialog, planLabel } from './plan-switch-dialog';

type Billing = 'monthly' | 'annually';

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

type CurrentPlan = {
  plan: CheckoutPlanId;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  scheduled_plan: CheckoutPlanId | null;
};
type Actions = { onSwitch: (to: CheckoutPlanId) => void; onCancelToFree: () => void };

const longDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' }) : 'soon';
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

function PlanCard({
  plan,
  billing,
  current,
  ...actions
}: { plan: Plan; billing: Billing; current: CurrentPlan | null } & Actions) {
  const { user, subscription } = useViewer();
  const { amount, per } = price(plan, billing);
  const isFree = plan.monthlyCents === 0;
  const isTrial = Boolean(subscription?.is_trial);
  const isOnTrialPlan = isFree && user !== null && isTrial;
  const isYours = current ? checkoutPlan(current.plan).plan.slug === plan.slug : isOnTrialPlan;
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
        {current ? (
          <PaidMemberAction plan={plan} billing={billing} current={current} {...actions} />
        ) : isOnTrialPlan && hasTrialEnded(subscription, new Date()) ? (
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

export default function PlansPage() {
  const [billing, setBilling] = useState<Billing>('monthly');
  const { user, subscription } = useViewer();
  const isPaid = user !== null && isPaidMember(subscription);
  const { data: planData } = useQuery({ ...planQuery(), enabled: isPaid });
  const current = isPaid && planData?.plan ? (planData as CurrentPlan) : null;
  const [switchTo, setSwitchTo] = useState<CheckoutPlanId | null>(null);
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  // A paying member sees the prices of the billing period they are on.
  const currentInterval = current ? checkoutPlan(current.plan).interval : null;
  useEffect(() => {
    if (currentInterval) setBilling(currentInterval === 'year' ? 'annually' : 'monthly');
  }, [currentInterval]);

  return (
    <section className="bg-zinc-50 px-4 py-14 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <header className="mx-auto max-w-2xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Choose Your Plan</h1>
          <p className="mt-3 text-lg text-zinc-600">
            Start free, upgrade when you are ready. Cancel any time.
          </p>
        </header>

        {isPaid && (
          <Card className="mx-auto mt-8 max-w-xl border-green-300 bg-green-50">
            <CardContent className="flex flex-wrap items-center gap-4 pt-6">
              <Crown className="size-6 text-green-700" aria-hidden />
              <p className="flex-1 text-sm text-green-900">
                You are on{' '}
                <strong>{current ? planLabel(current.plan) : subscription?.subscription_tier}</strong>
                {current?.cancel_at_period_end
                  ? `, cancelling on ${longDate(current.current_period_end)}`
                  : subscription?.subscription_end &&
                    `, renewing on ${longDate(subscription.subscription_end)}`}
                {current?.scheduled_plan && `, then ${planLabel(current.scheduled_plan)}`}.
              </p>
              <Button asChild variant="outline" size="sm">
                <Link to="/subscription/manage">Manage</Link>
              </Button>
            </CardContent>
          </Card>
        )}

        <div className="mt-10 flex justify-center">
          <fieldset
            className="inline-flex rounded-full border border-zinc-300 bg-white p-1"
            aria-label="Billing period"
          >
            {(['monthly', 'annually'] as const).map((option) => (
              <label
                key={option}
                className={cn(
                  'cursor-pointer rounded-full px-5 py-2 text-sm font-semibold transition-colors has-focus-visible:ring-2 has-focus-visible:ring-brand-600',
                  billing === option ? 'bg-zinc-900 text-white' : 'text-zinc-600 hover:text-zinc-900',
                )}
              >
                <input
                  type="radio"
                  name="billing"
                  value={option}
                  checked={billing === option}
                  onChange={() => setBilling(option)}
                  className="sr-only"
                />
                {option === 'monthly' ? 'Monthly' : 'Annually'}
              </label>
            ))}
          </fieldset>
        </div>

        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => (
            <PlanCard
              key={plan.slug}
              plan={plan}
              billing={billing}
              current={current}
              onSwitch={setSwitchTo}
              onCancelToFree={() => setIsCancelOpen(true)}
            />
          ))}
        </div>

        {current && (
          <>
            <PlanSwitchDialog from={current.plan} to={switchTo} onClose={() => setSwitchTo(null)} />
            <CancelToFreeDialog
              open={isCancelOpen}
              tier={checkoutPlan(current.plan).plan.name}
              periodEnd={current.current_period_end}
              onClose={() => setIsCancelOpen(false)}
            />
          </>
        )}

        {!user && (
          <p className="mt-10 text-center text-sm text-zinc-600">
            Already have an account?{' '}
            <Link to="/auth?action=signin" className="font-semibold text-brand-600 hover:underline">
              Sign in here
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}
