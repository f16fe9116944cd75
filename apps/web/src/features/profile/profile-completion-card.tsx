import { DEFAULT_REMINDER_TIME } from '@core28/core/notifications';
import {
  AGE_BOUNDS,
  type ProfileCompletionInput,
  ProfileCompletionSchema,
  REQUIRED_FIELDS_MESSAGE,
} from '@core28/core/profile';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CheckboxField, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { firstErrorMessage, useZodForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { profileQuery, useCompleteProfile } from './api';
import { detailsFields } from './form-fields';

const EMPTY: ProfileCompletionInput = {
  firstName: '',
  lastName: '',
  age: '',
  gender: '',
  country: '',
  fitnessLevel: '',
  goals: [],
  termsAccepted: false,
  workoutReminder: true,
  reminderTime: DEFAULT_REMINDER_TIME,
};

/** The personal-details form, also the last step of the subscription sign-up flow. */
export function ProfileCompletionCard({ onCompleted }: { onCompleted: () => void }) {
  const { data } = useQuery(profileQuery());
  const complete = useCompleteProfile();
  const form = useZodForm(ProfileCompletionSchema, { defaultValues: EMPTY });
  const profile = data?.profile;

  // The profile may arrive after the member has started typing (a slow network, right after the
  // payment redirect): once, it fills in only the fields they have not touched, and errors
  // already shown are checked again against what is there now.
  const isPrefilled = useRef(false);
  useEffect(() => {
    if (!profile || isPrefilled.current) return;
    isPrefilled.current = true;
    const wasSubmitted = form.formState.isSubmitted;
    form.reset(
      {
        ...EMPTY,
        firstName: profile.firstName ?? '',
        lastName: profile.lastName ?? '',
        age: profile.age ? String(profile.age) : '',
        gender: profile.gender ?? '',
        country: profile.country ?? '',
        fitnessLevel: profile.fitnessLevel ?? '',
        goals: profile.goals as ProfileCompletionInput['goals'],
      },
      {
        keepDirtyValues: true,
        keepErrors: true,
        keepIsSubmitted: true,
        keepSubmitCount: true,
        keepTouched: true,
      },
    );
    if (wasSubmitted) void form.trigger();
  }, [profile, form]);
  const { errors } = form.formState;
  const isReminderOn = form.watch('workoutReminder') !== false;

  const onSubmit = form.handleSubmit(
    (values) =>
      complete.mutate(values, {
        onSuccess: () => {
          toast.success('Profile completed successfully!');
          onCompleted();
        },
        onError: (err) => toast.error('Failed to complete profile', { description: err.message }),
      }),
    (invalid) => toast.error(firstErrorMessage(invalid) ?? REQUIRED_FIELDS_MESSAGE),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-2xl">Complete Your Profile</CardTitle>
        <CardDescription>Tell us a little about you so we can tailor your 28-day program.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          {detailsFields({
            form,
            idPrefix: '',
            isRequired: true,
            ageBounds: AGE_BOUNDS.completion,
            withDisplayName: false,
          })}
          <div className="grid gap-3 rounded-lg border border-zinc-200 p-4 sm:grid-cols-[1fr_10rem] sm:items-end">
            <CheckboxField id="workoutReminder" {...form.register('workoutReminder')}>
              E-mail me a workout reminder every day, with the day's exercise
            </CheckboxField>
            <Field id="reminderTime" label="Reminder time" error={errors.reminderTime?.message}>
              <Input type="time" disabled={!isReminderOn} {...form.register('reminderTime')} />
            </Field>
          </div>
          <CheckboxField
            id="termsAccepted"
            error={errors.termsAccepted?.message}
            {...form.register('termsAccepted')}
          >
            I accept the{' '}
            <Link to="/terms" target="_blank" className="text-brand-600 underline">
              Terms of Service
            </Link>{' '}
            and the{' '}
            <Link to="/privacy" target="_blank" className="text-brand-600 underline">
              Privacy Policy
            </Link>
          </CheckboxField>
          <Button type="submit" size="lg" disabled={complete.isPending}>
            {complete.isPending ? 'Saving...' : 'Complete Profile'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
