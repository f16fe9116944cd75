import { FlowSignUpSchema, SignInSchema, unmetPasswordRules } from '@core28/core/auth';
import type { Plan } from '@core28/core/plans';
import { useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError, postJson } from '@/lib/api';
import { useZodForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { authKeys, signIn } from '../auth/api';
import { PasswordChecklist } from '../auth/password-checklist';

/** Where the confirmation link returns: the payment step for paid plans, the profile step otherwise. */
const afterConfirmUrl = (plan: Plan) =>
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
