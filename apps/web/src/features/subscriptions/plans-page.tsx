import { type CheckoutPlanId, checkoutPlan, isPaidMember, PLANS, planLabel } from '@core28/core/plans';
import { useQuery } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/class-names';
import { useViewer } from '@/lib/viewer';
import { planQuery } from './api';
import { type Billing, type CurrentPlan, longDate, PlanCard } from './plan-card';

// The switch and cancel dialogs (Radix Dialog and its scroll lock) load when a paying member opens
// one: the pricing page's first paint, what visitors see, does not wait for them.
const PlanSwitchDialog = lazy(async () => ({
  default: (await import('./plan-switch-dialog')).PlanSwitchDialog,
}));
const CancelToFreeDialog = lazy(async () => ({
  default: (await import('./plan-switch-dialog')).CancelToFreeDialog,
}));

export default function PlansPage() {
  const [billing, setBilling] = useState<Billing>('monthly');
  const { user, subscription, isDeciding } = useViewer();
  const isPaid = user !== null && isPaidMember(subscription);
  const { data: planData, isPending: isPlanPending } = useQuery({ ...planQuery(), enabled: isPaid });
  const current = isPaid && planData?.plan ? (planData as CurrentPlan) : null;
  // Until the viewer and their plan are known, a card offers nothing: a visitor's "Start Free Trial"
  // or "Choose …" shown to a member for a moment is an action they may not have (a used trial).
  const isKnown = !isDeciding && !(isPaid && isPlanPending);
  const [switchTo, setSwitchTo] = useState<CheckoutPlanId | null>(null);
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  // Once a dialog is opened its chunk stays mounted, so closing it plays out and returns focus.
  const [hasOpenedDialog, setHasOpenedDialog] = useState(false);
  if (!hasOpenedDialog && (switchTo !== null || isCancelOpen)) setHasOpenedDialog(true);
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
              isKnown={isKnown}
              onSwitch={setSwitchTo}
              onCancelToFree={() => setIsCancelOpen(true)}
            />
          ))}
        </div>

        {current && hasOpenedDialog && (
          <Suspense fallback={null}>
            <PlanSwitchDialog from={current.plan} to={switchTo} onClose={() => setSwitchTo(null)} />
            <CancelToFreeDialog
              open={isCancelOpen}
              tier={checkoutPlan(current.plan).plan.name}
              periodEnd={current.current_period_end}
              onClose={() => setIsCancelOpen(false)}
            />
          </Suspense>
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
