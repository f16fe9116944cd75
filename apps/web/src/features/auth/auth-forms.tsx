import {
  PasswordResetRequestSchema,
  RecoveryFormSchema,
  SignInSchema,
  SignUpSchema,
} from '@core28/core/auth';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { useZodForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { recoverPassword, requestPasswordReset, signIn, signUp } from './api';
import { PasswordChecklist } from './password-checklist';

export type AuthMode = 'signin' | 'signup' | 'forgot' | 'recovery' | 'check-email' | 'two-factor';

const messageOf = (err: unknown) =>
  err instanceof Error ? err.message : 'Something went wrong. Please try again.';

// spec §2: the server's refusals show inline in a red alert; what the member typed wrong shows
// under the field.

export function SignInForm({
  onSignedIn,
  onForgot,
  onTwoFactor,
}: {
  onSignedIn: () => Promise<void>;
  onForgot: () => void;
  /** The password was right; the account's second factor comes next. */
  onTwoFactor: () => void;
}) {
  const form = useZodForm(SignInSchema, { defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await signIn(values);
      if (answer.twoFactorRedirect) return onTwoFactor();
    } catch (err) {
      return form.setError('root.server', { message: messageOf(err) });
    }
    toast.success('Welcome back!');
    await onSignedIn();
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {errors.root?.server && <ErrorAlert>{errors.root.server.message}</ErrorAlert>}
      <Field id="signin-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field id="signin-password" label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <div className="-mt-2 text-right">
        <button type="button" onClick={onForgot} className="text-sm text-brand-600 hover:underline">
          Forgot password?
        </button>
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

export function SignUpForm({
  onCreated,
  onExists,
}: {
  onCreated: (email: string) => void;
  onExists: () => void;
}) {
  const form = useZodForm(SignUpSchema, {
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ name, email, password }) => {
    try {
      await signUp({ email, password, name });
    } catch (err) {
      // spec §8: 'already registered' → tell them and switch to sign-in.
      if (err instanceof ApiError && err.message.includes('already registered')) {
        toast.error('Account exists', { description: 'Please sign in with your existing account.' });
        return onExists();
      }
      return form.setError('root.server', { message: messageOf(err) });
    }
    toast.success('Account created!', { description: 'Please check your email to confirm your account.' });
    onCreated(email);
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {errors.root?.server && <ErrorAlert>{errors.root.server.message}</ErrorAlert>}
      <Field id="signup-name" label="Name (optional)" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register('name')} />
      </Field>
      <Field id="signup-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field id="signup-password" label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <PasswordChecklist password={form.watch('password')} />
      <Field id="signup-confirm" label="Confirm Password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

export function ForgotPasswordForm() {
  const form = useZodForm(PasswordResetRequestSchema, { defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
    } catch (err) {
      return form.setError('root.server', { message: messageOf(err) });
    }
    toast.success('Password reset email sent!', { description: 'Check your inbox for the reset link.' });
    setSentTo(email);
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {errors.root?.server && <ErrorAlert>{errors.root.server.message}</ErrorAlert>}
      {sentTo && (
        <p className="rounded-lg bg-green-50 px-3 py-2.5 text-sm text-green-800">
          If an account exists for {sentTo}, a reset link is on its way. It works once and expires in one
          hour.
        </p>
      )}
      <Field id="forgot-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}

export function RecoveryForm({
  token,
  onDone,
  onTwoFactor,
}: {
  token: string;
  onDone: () => Promise<void>;
  /** The password is set; an account with a second factor signs in with its code next. */
  onTwoFactor: () => void;
}) {
  const form = useZodForm(RecoveryFormSchema, { defaultValues: { newPassword: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    let answer: Awaited<ReturnType<typeof recoverPassword>>;
    try {
      answer = await recoverPassword({ token, newPassword });
    } catch (err) {
      return form.setError('root.server', { message: messageOf(err) });
    }
    toast.success('Password Changed Successfully!', { duration: 5000 });
    if (answer.twoFactorRedirect) return onTwoFactor();
    await onDone();
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {errors.root?.server && <ErrorAlert>{errors.root.server.message}</ErrorAlert>}
      <Field id="recovery-password" label="New Password" error={errors.newPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </Field>
      <PasswordChecklist password={form.watch('newPassword')} />
      <Field id="recovery-confirm" label="Confirm New Password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}
