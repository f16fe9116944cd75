import { BackupCodeSchema, TotpCodeSchema } from '@core28/core/auth';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { useZodForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { verifyBackupCode, verifyTotp } from './api';

const messageOf = (err: unknown) =>
  err instanceof Error ? err.message : 'Something went wrong. Please try again.';

/** The pending sign-in expired or was used up: only a new password sign-in helps. */
const CHALLENGE_GONE = ['INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE'];

/**
 * The sign-in's second step, after a right password of an account with two-factor sign-in: the
 * authenticator app's 6-digit code, or (through the link) one of the backup codes. The pending
 * sign-in lives ten minutes in its cookie (five tries); after that `onRestart` asks for the
 * password again.
 */
export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => Promise<void>;
  onRestart: () => void;
}) {
  const [isBackup, setIsBackup] = useState(false);
  return isBackup ? (
    <BackupCodeForm onSignedIn={onSignedIn} onRestart={onRestart} onApp={() => setIsBackup(false)} />
  ) : (
    <AppCodeForm onSignedIn={onSignedIn} onRestart={onRestart} onBackup={() => setIsBackup(true)} />
  );
}

type StepProps = { onSignedIn: () => Promise<void>; onRestart: () => void };

function AppCodeForm({ onSignedIn, onRestart, onBackup }: StepProps & { onBackup: () => void }) {
  const form = useZodForm(TotpCodeSchema, { defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await verifyTotp(code);
    } catch (err) {
      if (err instanceof ApiError && CHALLENGE_GONE.includes(err.code)) return onRestart();
      form.resetField('code');
      return form.setError('root.server', { message: messageOf(err) });
    }
    toast.success('Welcome back!');
    await onSignedIn();
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {errors.root?.server && <ErrorAlert>{errors.root.server.message}</ErrorAlert>}
      <Field
        id="two-factor-code"
        label="Authentication code"
        hint="Open your authenticator app and enter the 6-digit code it shows for Core28."
        error={errors.code?.message}
      >
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          maxLength={7}
          autoFocus
          className="text-center font-mono text-lg tracking-[0.3em]"
          {...form.register('code')}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Checking...' : 'Verify'}
      </Button>
      <button type="button" onClick={onBackup} className="text-sm text-brand-600 hover:underline">
        No access to your app? Use a backup code
      </button>
    </form>
  );
}

function BackupCodeForm({ onSignedIn, onRestart, onApp }: StepProps & { onApp: () => void }) {
  const form = useZodForm(BackupCodeSchema, { defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await verifyBackupCode(code);
    } catch (err) {
      if (err instanceof ApiError && CHALLENGE_GONE.includes(err.code)) return onRestart();
      return form.setError('root.server', { message: messageOf(err) });
    }
    toast.success('Welcome back!', { description: 'That backup code is used up now.' });
    await onSignedIn();
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {errors.root?.server && <ErrorAlert>{errors.root.server.message}</ErrorAlert>}
      <Field
        id="backup-code"
        label="Backup code"
        hint="One of the codes you saved when you turned on two-factor sign-in. Each works once."
        error={errors.code?.message}
      >
        <Input
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          className="font-mono"
          {...form.register('code')}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Checking...' : 'Verify'}
      </Button>
      <button type="button" onClick={onApp} className="text-sm text-brand-600 hover:underline">
        Use your authenticator app instead
      </button>
    </form>
  );
}
