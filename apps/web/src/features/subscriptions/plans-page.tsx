import { formatDollars, isPaidMember, PLANS, type Plan } from '@core28/core/plans';
import { Check, Crown } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useViewer } from '../auth/api';
import { useActivateTrial } from './api';

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
      onError: (err) => toast.error('Error', { description: err.message }),
    });
  return (
    <Button size="lg" variant="secondary" className="mt-auto" onClick={onClick} disabled={activate.isPending}>
      Start Free Trial
    </Button>
  );
}

function PlanCard({ plan, billing }: { plan: Plan; billing: Billing }) {
  const { user } = useViewer();
  const { amount, per } = price(plan, billing);
  const isFree = plan.monthlyCents === 0;
  return (
    <Card className={cn('relative flex flex-col', plan.isPopular && 'border-2 border-brand-600 shadow-lg')}>
      {plan.isPopular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold text-white">
          Most popular
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
        {isFree && user ? (
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

  return (
    <section className="bg-zinc-50 px-4 py-14 sm:px-6">
      <div className="mx-auto max-w-6xl">
        <header className="mx-auto max-w-2xl text-center">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Choose Your Plan</h1>
          <p className="mt-3 text-lg text-zinc-600">
            Start free, upgrade when you are ready. Cancel any time.
          </p>
        </header>

        {user && isPaidMember(subscription) && (
          <Card className="mx-auto mt-8 max-w-xl border-green-300 bg-green-50">
            <CardContent className="flex flex-wrap items-center gap-4 pt-6">
              <Crown className="size-6 text-green-700" aria-hidden />
              <p className="flex-1 text-sm text-green-900">
                You are on <strong>{subscription?.subscription_tier}</strong>
                {subscription?.subscription_end &&
                  `, renewing on ${new Date(subscription.subscription_end).toLocaleDateString(undefined, { dateStyle: 'long' })}`}
                .
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
            <PlanCard key={plan.slug} plan={plan} billing={billing} />
          ))}
        </div>

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
