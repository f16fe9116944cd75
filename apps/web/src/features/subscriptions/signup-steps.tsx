import { FlowSignUpSchema, SignInSchema, unmetPasswordRules } from '@core28/core/auth';
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
import { MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, postJson } from '@/lib/api';
import { useZodForm } from '@/lib/form';
import { cn } from '@/lib/utils';
import { authKeys, signIn, useViewer } from '../auth/api';
import { PasswordChecklist } from '../auth/password-checklist';
import { createCheckout, subscriptionQuery, useSubscriptionChanges } from './api';
import { PAYMENT_DONE_MESSAGE, PaymentSuccessful } from './payment-successful';

/** Where the confirmation link returns: the payment step for paid plans, the profile step otherwise. */
export const afterConfirmUrl = (plan: Plan) =>
  `/subscription/signup?plan=${plan.slug}&step=${plan.monthlyCents === 0 ? 'profile' : 'payment'}`;

export function AuthStep({
  plan,
  onSignedUp,
  onSignedIn,
}: {
  plan: Plan;
  onSignedUp: (email: string) => void;
  onSignedIn: () => void;
}) {
  const [mode, setMode] = useState<'signup' | 'signin'>('signup');
  // The e-mail typed so far goes along when the member switches between the two forms.
  const [email, setEmail] = useState('');
  const switchTo = (next: typeof mode) => (typed: string) => {
    setEmail(typed);
    setMode(next);
  };
  return mode === 'signup' ? (
    <FlowSignUpForm plan={plan} email={email} onSignedUp={onSignedUp} onSignIn={switchTo('signin')} />
  ) : (
    <FlowSignInForm email={email} onSignedIn={onSignedIn} onSignUp={switchTo('signup')} />
  );
}

function FlowSignUpForm({
  plan,
  email,
  onSignedUp,
  onSignIn,
}: {
  plan: Plan;
  email: string;
  onSignedUp: (email: string) => void;
  onSignIn: (email: string) => void;
}) {
  const form = useZodForm(FlowSignUpSchema, { defaultValues: { email, password: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await postJson('/api/auth/sign-up/email', {
          email: values.email,
          password: values.password,
          name: '',
          callbackURL: afterConfirmUrl(plan),
        });
      } catch (err) {
        // spec §8: 'already registered' → tell them and switch to sign-in.
        if (err instanceof ApiError && err.message.includes('already registered')) {
          toast.error('Account exists', { description: 'Please sign in with your existing account.' });
          return onSignIn(values.email);
        }
        return form.setError('root.server', { message: (err as Error).message });
      }
      toast.success('Account created!', { description: 'Please check your email to confirm your account.' });
      onSignedUp(values.email);
    },
    (invalid) => {
      // spec §5: the toast 'Password Requirements' lists the unmet rules.
      if (!invalid.password) return;
      const unmet = unmetPasswordRules(form.getValues('password'));
      toast.error('Password Requirements', { description: unmet.map((rule) => rule.label).join(', ') });
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <h2 className="text-xl font-bold">Create your account</h2>
      {errors.root?.server && <ErrorAlert>{errors.root.server.message}</ErrorAlert>}
      <Field id="flow-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field id="flow-password" label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <PasswordChecklist password={form.watch('password')} />
      <Field id="flow-confirm" label="Confirm Password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        Create Account
      </Button>
      <Button type="button" variant="link" onClick={() => onSignIn(form.getValues('email'))}>
        Already have an account? Sign in
      </Button>
    </form>
  );
}

function FlowSignInForm({
  email,
  onSignedIn,
  onSignUp,
}: {
  email: string;
  onSignedIn: () => void;
  onSignUp: (email: string) => void;
}) {
  const queryClient = useQueryClient();
  const form = useZodForm(SignInSchema, { defaultValues: { email, password: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await signIn(values);
    } catch (err) {
      return form.setError('root.server', { message: (err as Error).message });
    }
    await queryClient.invalidateQueries({ queryKey: authKeys.me });
    toast.success('Welcome back!');
    onSignedIn();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <h2 className="text-xl font-bold">Sign in to continue</h2>
      {errors.root?.server && <ErrorAlert>{errors.root.server.message}</ErrorAlert>}
      <Field id="flow-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field id="flow-password" label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        Sign In
      </Button>
      <Button type="button" variant="link" onClick={() => onSignUp(form.getValues('email'))}>
        Don't have an account? Sign up
      </Button>
    </form>
  );
}

export function EmailConfirmationStep({ email }: { email: string }) {
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center">
      <MailCheck className="size-12 text-brand-600" aria-hidden />
      <h2 className="text-xl font-bold">Check Your Email</h2>
      <p className="text-sm text-zinc-700">
        We've sent a confirmation link to <strong>{email}</strong>. Open it to continue your sign-up right
        where you left off.
      </p>
    </div>
  );
}

const checkoutMarker = (plan: Plan) => `core28:checkout-opened:${plan.slug}`;

export function PaymentStep({ plan, onSignInNeeded }: { plan: Plan; onSignInNeeded: () => void }) {
  const [interval, setInterval] = useState<BillingInterval>('month');
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
  useEffect(() => {
    if (isPaid) sessionStorage.removeItem(checkoutMarker(plan));
  }, [isPaid, plan]);

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
      <Button size="lg" onClick={onPay} disabled={isPending}>
        {isPending ? 'Opening checkout...' : 'Continue to Payment'}
      </Button>
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
