import { type Plan, planBySlug } from '@core28/core/plans';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/class-names';
import { useViewer } from '@/lib/viewer';
import { authKeys } from '../auth/api';
import { linkErrorMessage } from '../auth/link-errors';
import { ProfileCompletionCard } from '../profile/profile-completion-card';
import { WelcomeDialog } from '../profile/welcome-dialog';
import { toastTrialError, useActivateTrial } from './api';
import { PaymentStep } from './payment-step';
import { isReturnPath } from './paywall';
import { AuthStep, EmailConfirmationStep } from './signup-auth-step';
import { SeatsFull, useBurnSeatsFull } from './waitlist';

type Step = 'auth' | 'email-confirmation' | 'payment' | 'profile';
const RESTORE_TIMEOUT_MS = 5000; // spec §9 session restoration timeout

function StepIndicator({ plan, step }: { plan: Plan; step: Step }) {
  const isFree = plan.monthlyCents === 0;
  const labels = isFree ? ['Account', 'Profile'] : ['Account', 'Payment', 'Profile'];
  const current =
    step === 'auth' || step === 'email-confirmation' ? 0 : step === 'payment' ? 1 : labels.length - 1;
  return (
    <ol className="mb-6 flex items-center justify-center gap-2 text-sm" aria-label="Sign-up steps">
      {labels.map((label, i) => (
        <li key={label} className="flex items-center gap-2" aria-current={i === current ? 'step' : undefined}>
          {i > 0 && <span aria-hidden className="h-px w-3 bg-zinc-300 sm:w-8" />}
          <span
            className={cn(
              'grid size-7 place-items-center rounded-full text-xs font-bold',
              i <= current ? 'bg-brand-600 text-white' : 'bg-zinc-200 text-zinc-600',
            )}
          >
            {i + 1}
          </span>
          <span className={i === current ? 'font-semibold' : 'text-zinc-500'}>{label}</span>
        </li>
      ))}
    </ol>
  );
}

export default function SignupPage() {
  const [params, setParams] = useSearchParams();
  const plan = planBySlug(params.get('plan'));
  const { user, isLoading, subscription } = useViewer();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [isRestoring, setIsRestoring] = useState(params.get('step') === 'profile');
  const [isWelcomeOpen, setIsWelcomeOpen] = useState(false);
  const activateTrial = useActivateTrial();
  const queryClient = useQueryClient();
  const trialRequested = useRef(false);
  const requestedStep = params.get('step');
  // From the paywall: where the member was, to land back there once paid.
  const returnParam = params.get('return');
  const returnTo = isReturnPath(returnParam) ? returnParam : null;
  // A confirmation link that failed returns here with ?error= (better-auth), as it does to /auth.
  const linkError = params.get('error');

  // spec §4: step=profile without a user waits up to 5 s for the session, then falls back to auth.
  useEffect(() => {
    if (!isRestoring) return;
    if (user) return setIsRestoring(false);
    const timer = setTimeout(() => setIsRestoring(false), RESTORE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [isRestoring, user]);

  const isFree = plan?.monthlyCents === 0;
  const isFull = useBurnSeatsFull() && plan?.tier === '1-on-1 Burn';
  const step: Step = !user
    ? sentTo
      ? 'email-confirmation'
      : 'auth'
    : requestedStep === 'payment' && !isFree
      ? 'payment'
      : isFree
        ? 'profile'
        : requestedStep === 'profile'
          ? 'profile'
          : 'payment';

  // spec §4: feel-and-burn starts the trial once signed in, then goes to the profile.
  useEffect(() => {
    if (!user || !isFree || step !== 'profile' || trialRequested.current || !subscription) return;
    if (subscription.is_trial || subscription.subscribed) return;
    trialRequested.current = true;
    activateTrial.mutate(undefined, { onError: toastTrialError });
  }, [user, isFree, step, subscription, activateTrial]);

  if (!plan) return <Navigate to="/subscription" replace />;
  if (isLoading || (isRestoring && !user))
    return (
      <div className="grid min-h-[50vh] place-items-center content-center gap-3">
        <Spinner className="size-8" />
        {isRestoring && <p className="text-zinc-600">Restoring Your Session...</p>}
      </div>
    );

  // A waitlist offer's link names the billing: it is kept through the sign-in to the payment step.
  const interval = params.get('interval') === 'year' ? 'year' : 'month';
  const goToStep = (next: Step) =>
    setParams(
      { plan: plan.slug, step: next, interval, ...(returnTo && { return: returnTo }) },
      { replace: true },
    );
  return (
    <section className="bg-zinc-50 px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-2xl">
        <p className="mb-2 text-center text-sm font-semibold tracking-widest text-brand-600 uppercase">
          {plan.name}
        </p>
        <StepIndicator plan={plan} step={step} />
        {isFull && step === 'auth' && (
          <SeatsFull
            interval={interval}
            className="mx-auto mb-6 max-w-md"
            note="Were you offered a seat by e-mail? Sign up or sign in below with that address: it is kept for you."
          />
        )}
        {step === 'profile' ? (
          <ProfileCompletionCard onCompleted={() => setIsWelcomeOpen(true)} />
        ) : (
          <Card className="mx-auto max-w-md">
            <CardContent className="grid gap-4 pt-6">
              {step === 'auth' && linkError && <ErrorAlert>{linkErrorMessage(linkError)}</ErrorAlert>}
              {step === 'auth' && (
                <AuthStep
                  plan={plan}
                  onSignedUp={setSentTo}
                  onSignedIn={() => goToStep(isFree ? 'profile' : 'payment')}
                />
              )}
              {step === 'email-confirmation' && <EmailConfirmationStep email={sentTo ?? ''} />}
              {step === 'payment' && (
                <PaymentStep
                  plan={plan}
                  initialInterval={interval}
                  returnTo={returnTo}
                  onSignInNeeded={() => void queryClient.invalidateQueries({ queryKey: authKeys.me })}
                />
              )}
            </CardContent>
          </Card>
        )}
      </div>
      <WelcomeDialog open={isWelcomeOpen} />
    </section>
  );
}
