import { ProfileCompletionSchema } from '@core28/core/profile';
import { useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { profileQuery, useCompleteProfile } from './api';
import { CountrySelect, Field, FitnessLevelSelect, GenderSelect, GoalsPicker } from './form-fields';
import { WelcomeDialog } from './welcome-dialog';

function Steps() {
  return (
    <ol className="mb-6 flex items-center justify-center gap-3 text-sm" aria-label="Sign-up progress">
      <li className="flex items-center gap-2 text-green-700">
        <span className="grid size-7 place-items-center rounded-full bg-green-600 text-white">
          <Check className="size-4" aria-hidden />
        </span>
        Account
      </li>
      <li aria-hidden className="h-px w-10 bg-zinc-300" />
      <li className="flex items-center gap-2 font-semibold text-zinc-900" aria-current="step">
        <span className="grid size-7 place-items-center rounded-full bg-brand-600 text-white">2</span>
        Personal details
      </li>
    </ol>
  );
}

export default function ProfileCompletionPage() {
  const [isWelcomeOpen, setIsWelcomeOpen] = useState(false);
  return (
    <section className="bg-zinc-50 px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-2xl">
        <Steps />
        <ProfileCompletionCard onCompleted={() => setIsWelcomeOpen(true)} />
      </div>
      <WelcomeDialog open={isWelcomeOpen} />
    </section>
  );
}

/** The personal-details form, also the last step of the subscription sign-up flow. */
export function ProfileCompletionCard({ onCompleted }: { onCompleted: () => void }) {
  const { data } = useQuery(profileQuery());
  const complete = useCompleteProfile();
  const [form, setForm] = useState({
    firstName: '',
    lastName: '',
    age: '',
    gender: '',
    country: '',
    fitnessLevel: '',
  });
  const [goals, setGoals] = useState<string[]>([]);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [isPrefilled, setIsPrefilled] = useState(false);

  if (data && !isPrefilled) {
    const p = data.profile;
    setIsPrefilled(true);
    setForm({
      firstName: p.firstName ?? '',
      lastName: p.lastName ?? '',
      age: p.age ? String(p.age) : '',
      gender: p.gender ?? '',
      country: p.country ?? '',
      fitnessLevel: p.fitnessLevel ?? '',
    });
    setGoals(p.goals);
  }

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...form, goals, termsAccepted };
    const parsed = ProfileCompletionSchema.safeParse(input);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Please fill in all required fields');
      return;
    }
    complete.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Profile completed successfully!');
        onCompleted();
      },
      onError: (err) => toast.error('Failed to complete profile', { description: err.message }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-2xl">Complete Your Profile</CardTitle>
        <CardDescription>Tell us a little about you so we can tailor your 28-day program.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="firstName" label="First Name *">
              <Input
                id="firstName"
                autoComplete="given-name"
                value={form.firstName}
                onChange={set('firstName')}
              />
            </Field>
            <Field id="lastName" label="Last Name *">
              <Input
                id="lastName"
                autoComplete="family-name"
                value={form.lastName}
                onChange={set('lastName')}
              />
            </Field>
            <Field id="age" label="Age *">
              <Input
                id="age"
                type="number"
                inputMode="numeric"
                min={13}
                max={100}
                step={1}
                value={form.age}
                onChange={set('age')}
              />
            </Field>
            <Field id="gender" label="Gender *">
              <GenderSelect id="gender" value={form.gender} onChange={set('gender')} />
            </Field>
            <Field id="country" label="Country *">
              <CountrySelect
                id="country"
                autoComplete="country"
                value={form.country}
                onChange={set('country')}
              />
            </Field>
            <Field id="fitnessLevel" label="Fitness Level *">
              <FitnessLevelSelect
                id="fitnessLevel"
                value={form.fitnessLevel}
                onChange={set('fitnessLevel')}
              />
            </Field>
          </div>
          <GoalsPicker value={goals} onChange={setGoals} />
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-brand-600"
              checked={termsAccepted}
              onChange={(e) => setTermsAccepted(e.target.checked)}
            />
            <span>
              I accept the{' '}
              <Link to="/terms" target="_blank" className="text-brand-600 underline">
                Terms of Service
              </Link>{' '}
              and the{' '}
              <Link to="/privacy" target="_blank" className="text-brand-600 underline">
                Privacy Policy
              </Link>
            </span>
          </label>
          <Button type="submit" size="lg" disabled={complete.isPending}>
            {complete.isPending ? 'Saving...' : 'Complete Profile'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
