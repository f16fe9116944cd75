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

/** The two kinds of code the second step takes, and how each is asked for. */
const MODES = {
  app: {
    schema: TotpCodeSchema,
    verify: verifyTotp,
    id: 'two-factor-code',
    label: 'Authentication code',
    hint: 'Open your authenticator app and enter the 6-digit code it shows for Core28.',
    input: {
      inputMode: 'numeric',
      pattern: '[0-9 ]*',
      maxLength: 7,
      className: 'text-center font-mono text-lg tracking-[0.3em]',
    },
    signedIn: undefined,
    // A wrong code is cleared for the next one the app shows; a backup code is kept to be corrected.
    clearsWrongCode: true,
    switchTo: 'No access to your app? Use a backup code',
  },
  backup: {
    schema: BackupCodeSchema,
    verify: verifyBackupCode,
    id: 'backup-code',
    label: 'Backup code',
    hint: 'One of the codes you saved when you turned on two-factor sign-in. Each works once.',
    input: { autoCapitalize: 'none', spellCheck: false, className: 'font-mono' },
    signedIn: 'That backup code is used up now.',
    clearsWrongCode: false,
    switchTo: 'Use your authenticator app instead',
  },
} as const;
type Mode = keyof typeof MODES;

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
  const [mode, setMode] = useState<Mode>('app');
  return (
    <CodeForm
      key={mode}
      mode={mode}
      onSignedIn={onSignedIn}
      onRestart={onRestart}
      onSwitch={() => setMode(mode === 'app' ? 'backup' : 'app')}
    />
  );
}

function CodeForm({
  mode,
  onSignedIn,
  onRestart,
  onSwitch,
}: {
  mode: Mode;
  onSignedIn: () => Promise<void>;
  onRestart: () => void;
  onSwitch: () => void;
}) {
  const { schema, verify, id, label, hint, input, signedIn, clearsWrongCode, switchTo } = MODES[mode];
  const form = useZodForm(schema, { defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await verify(code);
    } catch (err) {
      if (err instanceof ApiError && CHALLENGE_GONE.includes(err.code)) return onRestart();
      if (clearsWrongCode) form.resetField('code');
      return form.setError('root.server', { message: messageOf(err) });
    }
    toast.success('Welcome back!', signedIn ? { description: signedIn } : undefined);
    await onSignedIn();
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {errors.root?.server && <ErrorAlert>{errors.root.server.message}</ErrorAlert>}
      <Field id={id} label={label} hint={hint} error={errors.code?.message}>
        <Input autoComplete="one-time-code" autoFocus {...input} {...form.register('code')} />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Checking...' : 'Verify'}
      </Button>
      <button type="button" onClick={onSwitch} className="text-sm text-brand-600 hover:underline">
        {switchTo}
      </button>
    </form>
  );
}
