import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { recoverPassword, requestPasswordReset, signIn, signUp } from './api';
import { PasswordChecklist } from './password-checklist';

export type AuthMode = 'signin' | 'signup' | 'forgot' | 'recovery' | 'check-email';

const messageOf = (err: unknown) =>
  err instanceof Error ? err.message : 'Something went wrong. Please try again.';

/** Shared state of one auth form: the inline error and the pending flag. */
function useSubmit(action: () => Promise<void>) {
  const [error, setError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setIsPending(true);
    try {
      await action();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setIsPending(false);
    }
  };
  return { error, setError, isPending, onSubmit };
}

export function SignInForm({
  onSignedIn,
  onForgot,
}: {
  onSignedIn: () => Promise<void>;
  onForgot: () => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useSubmit(async () => {
    await signIn({ email, password });
    toast.success('Welcome back!');
    await onSignedIn();
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-4">
      {form.error && <ErrorAlert>{form.error}</ErrorAlert>}
      <Field id="signin-email" label="Email">
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field id="signin-password" label="Password">
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <div className="-mt-2 text-right">
        <button type="button" onClick={onForgot} className="text-sm text-brand-600 hover:underline">
          Forgot password?
        </button>
      </div>
      <Button type="submit" disabled={form.isPending}>
        {form.isPending ? 'Signing in...' : 'Sign In'}
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
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useSubmit(async () => {
    if (password !== confirm) throw new Error("Passwords don't match");
    try {
      await signUp({ email, password, name: name.trim() });
    } catch (err) {
      // spec §8: 'already registered' → tell them and switch to sign-in.
      if (err instanceof ApiError && err.message.includes('already registered')) {
        toast.error('Account exists', { description: 'Please sign in with your existing account.' });
        onExists();
        return;
      }
      throw err;
    }
    toast.success('Account created!', { description: 'Please check your email to confirm your account.' });
    onCreated(email.trim());
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-4">
      {form.error && <ErrorAlert>{form.error}</ErrorAlert>}
      <Field id="signup-name" label="Name (optional)">
        <Input id="signup-name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field id="signup-email" label="Email">
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field id="signup-password" label="Password">
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <PasswordChecklist password={password} />
      <Field id="signup-confirm" label="Confirm Password">
        <Input
          id="signup-confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
      </Field>
      <Button type="submit" disabled={form.isPending}>
        {form.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [isSent, setIsSent] = useState(false);
  const form = useSubmit(async () => {
    if (!email.trim()) throw new Error('Please enter your email address');
    await requestPasswordReset(email.trim());
    toast.success('Password reset email sent!', { description: 'Check your inbox for the reset link.' });
    setIsSent(true);
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-4">
      {form.error && <ErrorAlert>{form.error}</ErrorAlert>}
      {isSent && (
        <p className="rounded-lg bg-green-50 px-3 py-2.5 text-sm text-green-800">
          If an account exists for {email.trim()}, a reset link is on its way. It works once and expires in
          one hour.
        </p>
      )}
      <Field id="forgot-email" label="Email">
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Button type="submit" disabled={form.isPending}>
        {form.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}

export function RecoveryForm({ token, onDone }: { token: string; onDone: () => Promise<void> }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useSubmit(async () => {
    if (password !== confirm) throw new Error("Passwords don't match");
    if (password.length < 6) throw new Error('Password must be at least 6 characters long');
    await recoverPassword({ token, newPassword: password });
    toast.success('Password Changed Successfully!', { duration: 5000 });
    await onDone();
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="grid gap-4">
      {form.error && <ErrorAlert>{form.error}</ErrorAlert>}
      <Field id="recovery-password" label="New Password">
        <Input
          id="recovery-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <PasswordChecklist password={password} />
      <Field id="recovery-confirm" label="Confirm New Password">
        <Input
          id="recovery-confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
      </Field>
      <Button type="submit" disabled={form.isPending}>
        {form.isPending ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}
