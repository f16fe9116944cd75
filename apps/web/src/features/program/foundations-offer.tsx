import { has } from '@core28/core/entitlements';
import { Lock, Sprout } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { toast } from '@/lib/toast';
import { useViewer } from '@/lib/viewer';
import { paymentPath } from '../subscriptions/paywall';
import type { ProgramState } from './api';
import { FOUNDATIONS_SLUG, isFoundationsOffered } from './round-view';
import { toastRoundError, useStartRound } from './rounds-api';

const dismissKey = (userId: string) => `core28.foundations-offer-dismissed.${userId}`;
const isDismissedFor = (userId: string | undefined) => {
  try {
    return Boolean(userId && localStorage.getItem(dismissKey(userId)));
  } catch {
    return false;
  }
};

/**
 * A beginner's offer (docs/decisions/0026): the gentler Foundations in one tap, instead of Core28's
 * first round. Nobody is moved without choosing; without a paid plan it says which plan opens it.
 */
export function FoundationsOffer({ state, className }: { state: ProgramState; className?: string }) {
  const { user, profile, subscription } = useViewer();
  const [isDismissed, setDismissed] = useState(() => isDismissedFor(user?.id));
  const start = useStartRound();
  const navigate = useNavigate();
  const isOffered = isFoundationsOffered({
    fitnessLevel: profile?.fitnessLevel,
    round: state.round,
    daysDone: state.completions.length,
  });
  if (!isOffered || isDismissed || !subscription) return null;
  const isLocked = !has(subscription.entitlements, 'programs');

  const onStart = () =>
    start.mutate(FOUNDATIONS_SLUG, {
      onSuccess: (started) => {
        toast.success('Foundations started', {
          description: `Day 1 of ${started.round.program.days} is today.`,
        });
        navigate('/program');
      },
      onError: toastRoundError,
    });
  const onDismiss = () => {
    try {
      if (user) localStorage.setItem(dismissKey(user.id), '1');
    } catch {
      // Blocked storage: the offer comes back on the next page.
    }
    setDismissed(true);
  };

  return (
    <section
      aria-labelledby="foundations-offer-heading"
      className={cn('grid gap-3 rounded-2xl border border-green-300 bg-green-50 p-5 sm:p-6', className)}
    >
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-green-100">
          <Sprout className="size-5 text-green-700" aria-hidden />
        </span>
        <div className="grid gap-1">
          <h2 id="foundations-offer-heading" className="text-lg font-extrabold tracking-tight text-zinc-900">
            New to core training? Try Foundations — 21 gentler days
          </h2>
          <p className="text-sm text-zinc-700">
            Shorter holds, fewer reps and the same daily habit, to build up to Core28. Your days so far stay
            in your history.
          </p>
        </div>
      </div>
      {isLocked ? (
        <div className="grid gap-2">
          <p className="flex items-center gap-2 text-sm text-zinc-700">
            <Lock className="size-4 shrink-0" aria-hidden /> Foundations comes with The Daily Core.
          </p>
          <div className="grid gap-2 sm:flex sm:items-center sm:gap-4">
            <Button asChild size="lg" className="h-12">
              <Link to={paymentPath('daily-core', '/program')}>Choose The Daily Core</Link>
            </Button>
            <Link
              to="/subscription"
              className="inline-flex min-h-11 items-center justify-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              See all plans
            </Link>
            <Button size="lg" variant="ghost" className="h-12" onClick={onDismiss}>
              Not now
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-2 sm:flex sm:items-center sm:gap-3">
          <Button size="lg" className="h-12" disabled={start.isPending} onClick={onStart}>
            Start Foundations
          </Button>
          <Button size="lg" variant="ghost" className="h-12" onClick={onDismiss}>
            Not now
          </Button>
        </div>
      )}
    </section>
  );
}
