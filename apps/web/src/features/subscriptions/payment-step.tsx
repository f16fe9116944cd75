import {
  type BillingInterval,
  checkoutPlanId,
  formatDollars,
  isPaidMember,
  type Plan,
  SIGNUP_ANNUAL_BADGE,
} from '@core28/core/plans';
import { isProfileComplete } from '@core28/core/profile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/class-names';
import { toast } from '@/lib/toast';
import { subscriptionQuery, useViewer } from '@/lib/viewer';
import { createCheckout, seatsQuery, useSubscriptionChanges } from './api';
import { PAYMENT_DONE_MESSAGE, PaymentSuccessful } from './payment-successful';
import { SeatsFull, useBurnSeatsFull } from './waitlist';

const checkoutMarker = (plan: Plan) => `core28:checkout-opened:${plan.slug}`;

export function PaymentStep({
  plan,
  onSignInNeeded,
  returnTo = null,
  initialInterval = 'month',
}: {
  plan: Plan;
  /** The billing a waitlist offer's link names. */
  initialInterval?: BillingInterval;
  onSignInNeeded: () => void;
  /** Where the paywall sent the member from: once paid, they land back there. */
  returnTo?: string | null;
}) {
  const [interval, setInterval] = useState<BillingInterval>(initialInterval);
  const [isPending, setIsPending] = useState(false);
  // Checkout opens in a new tab (spec §7): this tab remembers it and follows the payment, by the
  // success page's message and by re-reading the subscription whenever it is looked at again.
  const [hasOpenedCheckout, setHasOpenedCheckout] = useState(
    () => sessionStorage.getItem(checkoutMarker(plan)) !== null,
  );
  const { data: subscription } = useQuery({ ...subscriptionQuery(), refetchOnWindowFocus: 'always' });
  const { profile } = useViewer();
  useSubscriptionChanges();
  const planId = checkoutPlanId(plan.slug, interval);
  const isPaid = isPaidMember(subscription ?? null);
  const isFull = useBurnSeatsFull() && plan.tier === '1-on-1 Burn';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (!isPaid) return;
    sessionStorage.removeItem(checkoutMarker(plan));
    if (hasOpenedCheckout && returnTo) {
      toast.success('Payment Successful!', {
        description: `${plan.name} is yours. Pick up where you left off.`,
      });
      navigate(returnTo, { replace: true });
    }
  }, [isPaid, plan, hasOpenedCheckout, returnTo, navigate]);

  if (isPaid) {
    if (hasOpenedCheckout)
      return (
        <PaymentSuccessful
          headingLevel={2}
          hasName={isProfileComplete(profile)}
          message={PAYMENT_DONE_MESSAGE}
        />
      );
    // A member who pays already changes plans; a second checkout would be refused anyway.
    return (
      <div className="grid gap-4 text-center">
        <h2 className="text-xl font-bold">You already have {subscription?.subscription_tier}</h2>
        <p className="text-sm text-zinc-600">
          Switch to {plan.name} from the plans page: it changes the subscription you have, with the price
          difference worked out for you, instead of starting a second one.
        </p>
        <Button asChild size="lg">
          <Link to="/subscription">See your plans</Link>
        </Button>
      </div>
    );
  }

  const onPay = async () => {
    if (!planId) return;
    setIsPending(true);
    try {
      const { url } = await createCheckout(planId);
      sessionStorage.setItem(checkoutMarker(plan), planId);
      setHasOpenedCheckout(true);
      // spec §7: the checkout opens in a new tab (or here, when pop-ups are blocked).
      if (!window.open(url, '_blank')) window.location.assign(url);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        toast.error('Authentication Required', { description: 'Please sign in to continue with payment.' });
        onSignInNeeded();
      } else if (err instanceof ApiError && err.code === 'SEATS_FULL') {
        // The last seat went meanwhile: the step turns into the waitlist.
        toast.error('Seats taken', { description: err.message });
        void queryClient.invalidateQueries({ queryKey: seatsQuery().queryKey });
      } else toast.error('Error', { description: (err as Error).message });
    } finally {
      setIsPending(false);
    }
  };

  return (
    <div className="grid gap-5">
      <h2 className="text-xl font-bold">Payment</h2>
      <fieldset className="grid gap-3 sm:grid-cols-2" aria-label="Billing period">
        {(['month', 'year'] as const).map((option) => (
          <label
            key={option}
            className={cn(
              'cursor-pointer rounded-xl border p-4 has-focus-visible:ring-2 has-focus-visible:ring-brand-600',
              interval === option ? 'border-brand-600 bg-brand-50' : 'border-zinc-200',
            )}
          >
            <input
              type="radio"
              name="interval"
              className="sr-only"
              checked={interval === option}
              onChange={() => setInterval(option)}
            />
            <span className="block text-sm font-semibold">{option === 'month' ? 'Monthly' : 'Annually'}</span>
            <span className="block text-2xl font-extrabold">
              {formatDollars(option === 'month' ? plan.monthlyCents : plan.yearlyCents)}
              <span className="text-sm font-normal text-zinc-500">/{option}</span>
            </span>
            {option === 'year' && (
              <span className="mt-1 inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                {SIGNUP_ANNUAL_BADGE}
              </span>
            )}
          </label>
        ))}
      </fieldset>
      {isFull ? (
        <SeatsFull interval={interval} />
      ) : (
        <Button size="lg" onClick={onPay} disabled={isPending}>
          {isPending ? 'Opening checkout...' : 'Continue to Payment'}
        </Button>
      )}
      {hasOpenedCheckout && (
        <p role="status" className="rounded-lg bg-zinc-100 px-3 py-2 text-center text-sm text-zinc-700">
          Checkout is open in another tab. This page moves on by itself once you have paid.
        </p>
      )}
      <p className="text-center text-xs text-zinc-500">
        Secure card payment. Cancel any time from your subscription page.
      </p>
    </div>
  );
}
