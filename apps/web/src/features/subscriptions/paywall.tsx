import { type Capability, type Entitlements, planRequired } from '@core28/core/entitlements';
import { formatDollars, planBySlug } from '@core28/core/plans';
import { PROGRAM_DAYS } from '@core28/core/program';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { dataChanged } from '@/lib/data-changed';
import { formatMemberDate } from '@/lib/member-date';
import { toast } from '@/lib/toast';
import { useViewer } from '@/lib/viewer';
import { openPortal, toastTrialError, useActivateTrial } from './api';

/** Where the paywall's payment comes back to: a path of ours, never another site. */
export const isReturnPath = (path: string | null): path is string => /^\/(?![/\\])/.test(path ?? '');

/** The sign-up's payment step for `plan`, coming back to `returnTo` once paid. */
export const paymentPath = (plan: 'daily-core' | 'burn', returnTo: string) =>
  `/subscription/signup?${new URLSearchParams({ plan, step: 'payment', return: returnTo })}`;

function headingOf(e: Entitlements, isTrial: boolean, capability: Capability) {
  if (e.standing === 'ended') return isTrial ? 'Your free trial has ended' : 'Your plan has ended';
  return capability === 'library' ? 'Unlock every exercise' : 'Train all 28 days';
}

/** What the member did so far: the program's answer, given by the page that shows the paywall. */
export type PaywallProgress = { completions: { completedAt: string }[]; timeZone: string | null };

/**
 * What a member meets where their plan stops them (docs/decisions/0021): what they did so far,
 * what the plan gives and costs, and one thing to do, in the page. The server decided already;
 * this only says so, with the member's own progress, kept whatever happens to the plan.
 */
export function Paywall({
  progress,
  capability,
  returnTo,
  tone = 'light',
  id = 'paywall',
  className,
}: {
  progress: PaywallProgress | undefined;
  capability: Exclude<Capability, 'coaching' | 'reminders' | 'programs'>;
  returnTo: string;
  tone?: 'light' | 'dark';
  id?: string;
  className?: string;
}) {
  const { subscription } = useViewer();
  const queryClient = useQueryClient();
  const activateTrial = useActivateTrial();
  const entitlements = subscription?.entitlements;
  if (!entitlements) return null;

  const { requiredPlan, trialAvailable } = planRequired(entitlements, capability);
  const plan = planBySlug(requiredPlan)!;
  const completions = progress?.completions ?? [];
  const last = completions.reduce<string | null>(
    (latest, c) => (latest && latest > c.completedAt ? latest : c.completedAt),
    null,
  );
  const timeZone = progress?.timeZone ?? null;
  const isDark = tone === 'dark';
  // A payment that failed past its grace is mended with a new card, not a second plan.
  const isCardToUpdate = entitlements.standing === 'ended' && entitlements.graceEnd !== null;

  const onTrial = () =>
    activateTrial.mutate(undefined, {
      onSuccess: () => {
        toast.success('Your free trial has started', { description: 'All 28 days are open for 7 days.' });
        void dataChanged(queryClient, 'program', 'exercises');
      },
      onError: toastTrialError,
    });
  const onUpdateCard = async () => {
    try {
      const { url } = await openPortal();
      window.location.assign(url);
    } catch (err) {
      toast.error('Error', { description: (err as Error).message });
    }
  };

  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      tabIndex={-1}
      className={cn(
        'grid gap-4 rounded-2xl border p-5 text-left outline-none sm:p-6',
        isDark ? 'theme-fixed border-zinc-700 bg-zinc-900 text-white' : 'border-brand-200 bg-white shadow-sm',
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'grid size-10 shrink-0 place-items-center rounded-full',
            isDark ? 'bg-zinc-800' : 'bg-brand-50',
          )}
        >
          <Lock className="size-5 text-brand-600" aria-hidden />
        </span>
        <div className="grid gap-1">
          <h2 id={`${id}-heading`} className="text-xl font-extrabold tracking-tight">
            {headingOf(entitlements, subscription?.is_trial ?? false, capability)}
          </h2>
          <p className={isDark ? 'text-zinc-300' : 'text-zinc-700'}>
            {completions.length > 0 && last
              ? `You completed ${completions.length} of ${PROGRAM_DAYS} days, last on ${formatMemberDate(last, timeZone)}.`
              : entitlements.train === 'taster'
                ? 'Day 1 is yours to try, free.'
                : 'You have not completed a day yet.'}{' '}
            {completions.length > 0 && 'Everything you did is kept.'}
          </p>
        </div>
      </div>

      <div className={cn('grid gap-2 rounded-xl p-4', isDark ? 'bg-zinc-800' : 'bg-zinc-50')}>
        <p className="font-semibold">
          {trialAvailable ? `Free for 7 days, then ${plan.name}` : plan.name}
          <span className={cn('ml-2 text-sm font-normal', isDark ? 'text-zinc-300' : 'text-zinc-600')}>
            {formatDollars(plan.monthlyCents)}/month or {formatDollars(plan.yearlyCents)}/year
          </span>
        </p>
        <ul className="grid gap-1 text-sm sm:grid-cols-2">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-center gap-2">
              <Check className="size-4 shrink-0 text-green-600" aria-hidden /> {feature}
            </li>
          ))}
        </ul>
      </div>

      <div className="grid gap-2 sm:flex sm:items-center sm:gap-4">
        {trialAvailable ? (
          <Button size="lg" className="h-12" onClick={onTrial} disabled={activateTrial.isPending}>
            Start your 7-day free trial
          </Button>
        ) : isCardToUpdate ? (
          <Button size="lg" className="h-12" onClick={() => void onUpdateCard()}>
            Update your card
          </Button>
        ) : (
          <Button asChild size="lg" className="h-12">
            <Link to={paymentPath(requiredPlan, returnTo)}>Choose {plan.name}</Link>
          </Button>
        )}
        <Link
          to="/subscription"
          className={cn(
            'inline-flex min-h-11 items-center justify-center text-sm font-semibold underline-offset-4 hover:underline',
            isDark ? 'text-zinc-200' : 'text-brand-700',
          )}
        >
          See all plans
        </Link>
      </div>
    </section>
  );
}
