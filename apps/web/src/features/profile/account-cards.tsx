import { PASSWORD_MIN_LENGTH, PasswordChangeSchema } from '@core28/core/auth';
import { DeleteAccountFormSchema, DeleteAccountSchema } from '@core28/core/profile';
import { PROGRAM_DAYS } from '@core28/core/program';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { firstErrorMessage, useZodForm } from '@/lib/form';
import { plural } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useSignOut } from '../auth/api';
import { changePassword, deleteAccount, type ProfileData } from './api';

export function CredentialsCard({ email }: { email: string }) {
  const form = useZodForm(PasswordChangeSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [current, next, confirm] = form.watch(['currentPassword', 'newPassword', 'confirmPassword']);
  // spec §5: disabled unless both fields are filled and the new password has 6+ characters.
  const canSubmit =
    current !== '' && next !== '' && confirm !== '' && next.length >= PASSWORD_MIN_LENGTH && !isSubmitting;

  const onSubmit = form.handleSubmit(
    async ({ currentPassword, newPassword }) => {
      try {
        await changePassword({ currentPassword, newPassword });
        toast.success('Password Changed Successfully!', { duration: 5000 });
        form.reset();
      } catch (err) {
        toast.error('Failed to update password. Please try again.', { description: (err as Error).message });
      }
    },
    // spec §5's messages stay toasts too, the mismatch first as the spec orders them.
    (invalid) =>
      toast.error(invalid.confirmPassword?.message ?? firstErrorMessage(invalid) ?? 'Please check the form'),
  );

  return (
    // /.well-known/change-password leads password managers here.
    <Card id="password" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Login Credentials</CardTitle>
        <CardDescription>Signed in as {email}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <Field id="current-password" label="Current Password" error={errors.currentPassword?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </Field>
          <Field
            id="new-password"
            label="New Password"
            hint="At least 6 characters, with a letter, a number and a special character."
            error={errors.newPassword?.message}
          >
            <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </Field>
          <Field id="confirm-password" label="Confirm New Password" error={errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </Field>
          <div>
            <Button type="submit" disabled={!canSubmit}>
              {isSubmitting ? 'Updating...' : 'Update Password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

export function StatsCard({ stats }: { stats: ProfileData['stats'] }) {
  const items = [
    ['Completed days', `${stats.totalWorkouts} / ${PROGRAM_DAYS}`],
    ['Current day', `Day ${stats.currentDay}`],
    ['Current streak', plural('day', stats.currentStreak)],
    ['Progress', `${stats.progressPercentage}%`],
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>28-Day Stats</CardTitle>
        <CardDescription>Your program at a glance</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-4">
          {items.map(([label, value]) => (
            <div key={label} className="rounded-xl bg-zinc-50 p-4">
              <dt className="text-xs text-zinc-500">{label}</dt>
              <dd className="mt-1 text-xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
        <div
          className="h-2 overflow-hidden rounded-full bg-zinc-200"
          role="progressbar"
          aria-label="Program progress"
          aria-valuenow={stats.progressPercentage}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full bg-brand-600" style={{ width: `${stats.progressPercentage}%` }} />
        </div>
      </CardContent>
    </Card>
  );
}

export function MyDataCard({ hasPassword }: { hasPassword: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  // An account made with Google or Apple has no password to confirm with.
  const form = useZodForm(hasPassword ? DeleteAccountFormSchema : DeleteAccountSchema, {
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const signOut = useSignOut();
  const navigate = useNavigate();

  const onDelete = form.handleSubmit(async ({ password }) => {
    try {
      await deleteAccount(password);
    } catch (err) {
      return form.setError('root.server', { message: (err as Error).message });
    }
    signOut();
    toast.success('Your account has been deleted', {
      description: 'All your data is gone. We are sorry to see you go.',
    });
    navigate('/', { replace: true });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>My Data</CardTitle>
        <CardDescription>Download everything we keep about you, or delete your account.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button asChild variant="outline">
          <a href="/api/profile/export" download="core28-my-data.json">
            <Download /> Download my data
          </a>
        </Button>
        <Button
          variant="outline"
          className="border-red-300 text-red-700 hover:bg-red-50"
          onClick={() => setIsOpen(true)}
        >
          <Trash2 /> Delete account
        </Button>
        <Dialog open={isOpen} onOpenChange={setIsOpen}>
          <DialogContent>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              This removes your profile, progress, wellness log, coaching messages and photo for good, and
              cancels any paid subscription. It cannot be undone.
            </DialogDescription>
            <form noValidate onSubmit={onDelete} className="mt-4 grid gap-4">
              {errors.root?.server && <ErrorAlert>{errors.root.server.message}</ErrorAlert>}
              {hasPassword && (
                <Field id="delete-password" label="Your password" error={errors.password?.message}>
                  <Input type="password" autoComplete="current-password" {...form.register('password')} />
                </Field>
              )}
              <div className="flex justify-end gap-2">
                <Button type="button" variant="outline" onClick={() => setIsOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit" className="bg-red-600 hover:bg-red-700" disabled={isSubmitting}>
                  {isSubmitting ? 'Deleting...' : 'Delete my account'}
                </Button>
              </div>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
