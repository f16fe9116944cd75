import { PasswordConfirmSchema, TotpCodeSchema } from '@core28/core/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, Download, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useZodForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { viewerKeys } from '@/lib/viewer';
import { verifyTotp } from '../auth/api';
import { newBackupCodes, secretOf, startTwoFactor, turnOffTwoFactor } from './two-factor-api';

type Action = 'enable' | 'disable' | 'regenerate';
type Step =
  | { kind: 'idle' }
  | { kind: 'password'; action: Action }
  | { kind: 'scan'; totpURI: string; backupCodes: string[] }
  | { kind: 'codes'; codes: string[] };

const messageOf = (err: unknown) =>
  err instanceof Error ? err.message : 'Something went wrong. Please try again.';

/**
 * Two-factor sign-in on the profile (#two-factor): turning it on (password, then the QR code and
 * the secret as text, then a code to confirm, then the backup codes once), new backup codes, and
 * turning it off. Staff need it to work in the admin area; members may use it.
 */
export function TwoFactorCard({ isOn, isStaff }: { isOn: boolean; isStaff: boolean }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const queryClient = useQueryClient();
  const { hash } = useLocation();
  // The admin area's "Set up two-factor sign-in" links here.
  useEffect(() => {
    if (hash === '#two-factor') document.getElementById('two-factor')?.scrollIntoView();
  }, [hash]);
  const refreshViewer = () => queryClient.invalidateQueries({ queryKey: viewerKeys.me });

  const run = async (action: Action, password: string) => {
    if (action === 'enable') {
      const { totpURI, backupCodes } = await startTwoFactor(password);
      return setStep({ kind: 'scan', totpURI, backupCodes });
    }
    if (action === 'regenerate') {
      const { backupCodes } = await newBackupCodes(password);
      return setStep({ kind: 'codes', codes: backupCodes });
    }
    await turnOffTwoFactor(password);
    toast.success('Two-factor sign-in is off');
    setStep({ kind: 'idle' });
    await refreshViewer();
  };

  return (
    <Card id="two-factor" className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-brand-600" aria-hidden /> Two-factor sign-in
        </CardTitle>
        <CardDescription>
          {isOn
            ? 'On: signing in asks for a code from your authenticator app after your password.'
            : isStaff
              ? 'Staff need it to work in the admin area: after your password, a code from an authenticator app.'
              : 'Protect your account with a code from an authenticator app after your password.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {step.kind === 'idle' &&
          (isOn ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setStep({ kind: 'password', action: 'regenerate' })}>
                New backup codes
              </Button>
              <Button variant="outline" onClick={() => setStep({ kind: 'password', action: 'disable' })}>
                Turn off
              </Button>
            </div>
          ) : (
            <div>
              <Button onClick={() => setStep({ kind: 'password', action: 'enable' })}>Turn on</Button>
            </div>
          ))}
        {step.kind === 'password' && (
          <PasswordStep
            action={step.action}
            isStaff={isStaff}
            onConfirm={(password) => run(step.action, password)}
            onCancel={() => setStep({ kind: 'idle' })}
          />
        )}
        {step.kind === 'scan' && (
          <ScanStep
            totpURI={step.totpURI}
            onConfirmed={async () => {
              setStep({ kind: 'codes', codes: step.backupCodes });
              toast.success('Two-factor sign-in is on');
              await refreshViewer();
            }}
            onCancel={() => setStep({ kind: 'idle' })}
          />
        )}
        {step.kind === 'codes' && <BackupCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />}
      </CardContent>
    </Card>
  );
}

const CONFIRM_LABELS: Record<Action, string> = {
  enable: 'Continue',
  regenerate: 'Show new backup codes',
  disable: 'Turn off two-factor sign-in',
};

function PasswordStep({
  action,
  isStaff,
  onConfirm,
  onCancel,
}: {
  action: Action;
  isStaff: boolean;
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useZodForm(PasswordConfirmSchema, { defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await onConfirm(password);
    } catch (err) {
      form.setError('root.server', { message: messageOf(err) });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      {errors.root?.server && <ErrorAlert>{errors.root.server.message}</ErrorAlert>}
      {action === 'disable' && isStaff && (
        <p className="text-sm text-amber-800">Without it you cannot work in the admin area.</p>
      )}
      {action === 'regenerate' && (
        <p className="text-sm text-zinc-600">Your old backup codes stop working.</p>
      )}
      <Field id="two-factor-password" label="Your password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" autoFocus {...form.register('password')} />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Checking...' : CONFIRM_LABELS[action]}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ScanStep({
  totpURI,
  onConfirmed,
  onCancel,
}: {
  totpURI: string;
  onConfirmed: () => Promise<void>;
  onCancel: () => void;
}) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    // Drawn here, in the browser: the secret never goes to another service.
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(totpURI, { margin: 1, width: 192 }))
      .then((url) => isCurrent && setQr(url))
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [totpURI]);
  const form = useZodForm(TotpCodeSchema, { defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await verifyTotp(code);
    } catch (err) {
      form.resetField('code');
      return form.setError('root.server', { message: messageOf(err) });
    }
    await onConfirmed();
  });
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-zinc-700">
        <li>Open an authenticator app (Google Authenticator, 1Password, Authy, …).</li>
        <li>Scan the QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="grid justify-items-center gap-3 rounded-xl bg-zinc-50 p-4">
        {qr ? (
          <img
            src={qr}
            alt="QR code for your authenticator app"
            width={192}
            height={192}
            className="rounded bg-white"
          />
        ) : (
          <div className="size-48 animate-pulse rounded bg-zinc-200" aria-hidden />
        )}
        <div className="text-center">
          <p className="text-xs text-zinc-500">Key to type in by hand</p>
          <code className="break-all font-mono text-sm font-semibold tracking-wide select-all">
            {secretOf(totpURI)}
          </code>
        </div>
      </div>
      {errors.root?.server && <ErrorAlert>{errors.root.server.message}</ErrorAlert>}
      <Field id="two-factor-confirm" label="Code from the app" error={errors.code?.message}>
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          maxLength={7}
          className="font-mono text-lg tracking-[0.3em]"
          {...form.register('code')}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Checking...' : 'Confirm and turn on'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Core28 backup codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => toast.success('Backup codes copied'))
      .catch(() => toast.error('Could not copy: select the codes and copy them by hand'));
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'core28-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <div className="grid gap-4">
      <p className="text-sm text-zinc-700">
        <strong>Save these backup codes now</strong>: they are shown only once. Each signs you in once when
        you do not have your phone.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-xl bg-zinc-50 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          <Copy aria-hidden /> Copy
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden /> Download
        </Button>
        <Button type="button" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </div>
  );
}
