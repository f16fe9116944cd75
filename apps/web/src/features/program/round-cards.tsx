import { localDate } from '@core28/core/local-day';
import { BarChart3, Play, RotateCcw, Trophy, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { formatLocalDate } from '@/lib/member-date';
import { toast } from '@/lib/toast';
import { useViewer } from '@/lib/viewer';
import type { ProgramState } from './api';
import { NextSteps } from './next-steps';
import { dismissBehind, isBehindDismissed, nextStepsOf } from './round-view';
import { toastRoundError, useContinueRound, useStartRound } from './rounds-api';

/**
 * A finished round (docs/decisions/0026): when it ended, its results and what comes next; never
 * a last day frozen with a Start button.
 */
export function RoundFinishedCard({
  state,
  headingLevel = 2,
  className,
}: {
  state: ProgramState;
  headingLevel?: 1 | 2;
  className?: string;
}) {
  const { round } = state;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const finishedOn = round.finishedOn ? formatLocalDate(round.finishedOn) : null;
  return (
    <section
      aria-labelledby="round-finished-heading"
      className={cn(
        'theme-fixed grid gap-4 overflow-hidden rounded-2xl bg-gradient-to-br from-zinc-900 to-zinc-800 p-5 text-white shadow-sm sm:p-6',
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-600">
          <Trophy className="size-6" aria-hidden />
        </span>
        <div className="grid gap-1">
          <Heading id="round-finished-heading" className="text-xl font-extrabold tracking-tight sm:text-2xl">
            Round {round.number} finished{finishedOn ? ` on ${finishedOn}` : ''}
          </Heading>
          <p className="text-sm text-zinc-300">
            {round.program.name} · {state.stats.totalWorkouts} of {round.program.days} days done
          </p>
        </div>
      </div>
      <Button asChild size="lg" variant="inverse" className="h-12 sm:w-fit">
        <Link to={`/program/rounds/${round.number}`}>
          <BarChart3 aria-hidden /> See your results
        </Link>
      </Button>
      <div className="grid gap-2 border-t border-white/10 pt-4">
        <p className="text-sm font-semibold tracking-widest text-brand-500 uppercase">Up next</p>
        <NextSteps round={round} next={nextStepsOf(round.program.slug)} tone="dark" returnTo="/program" />
      </div>
    </section>
  );
}

/** Whether the behind card is put away for today, and putting it away (per member and round). */
export function useBehindDismissal(state: ProgramState | undefined) {
  const { user } = useViewer();
  const roundId = state?.round.id;
  const today = localDate(new Date(), state?.timeZone ?? null);
  const [dismissedNow, setDismissedNow] = useState<number | null>(null);
  const isDismissed =
    roundId !== undefined &&
    (dismissedNow === roundId || (user ? isBehindDismissed(user.id, roundId, today) : false));
  const dismiss = () => {
    if (roundId === undefined) return;
    if (user) dismissBehind(user.id, roundId, today);
    setDismissedNow(roundId);
  };
  return { isDismissed, dismiss };
}

/**
 * Days without training (more than two): continue from the day after the last one done, or start
 * the program again. Put away for the rest of the day with its close button; nobody is moved
 * without choosing.
 */
export function RoundBehindCard({
  state,
  onDismiss,
  className,
}: {
  state: ProgramState;
  onDismiss: () => void;
  className?: string;
}) {
  const { round } = state;
  const next = round.lastCompletedDay + 1;
  const navigate = useNavigate();
  const continueRound = useContinueRound();
  const start = useStartRound();
  const isBusy = continueRound.isPending || start.isPending;

  const onContinue = () =>
    continueRound.mutate(undefined, {
      onSuccess: () => {
        toast.success('Welcome back', { description: `Day ${next} is today.` });
        navigate('/program');
      },
      onError: toastRoundError,
    });
  const onStartAgain = () =>
    start.mutate(round.program.slug, {
      onSuccess: (started) => {
        toast.success(`Round ${started.round.number} started`, {
          description: `${started.round.program.name}: day 1 is today.`,
        });
        navigate('/program');
      },
      onError: toastRoundError,
    });
  return (
    <section
      aria-labelledby="round-behind-heading"
      className={cn(
        'relative grid gap-3 rounded-2xl border border-accent-300 bg-accent-100 p-5 sm:p-6',
        className,
      )}
    >
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Not today"
        className="absolute top-2 right-2 grid size-11 place-items-center rounded-full text-accent-900 hover:bg-accent-300/50"
      >
        <X className="size-5" aria-hidden />
      </button>
      <div className="grid gap-1 pr-10">
        <h2 id="round-behind-heading" className="text-xl font-extrabold tracking-tight text-accent-900">
          Pick up where you left off
        </h2>
        <p className="text-sm text-accent-900">
          {round.lastCompletedDay > 0
            ? `You stopped after day ${round.lastCompletedDay} of ${round.program.name}. Your days so far stay, whichever you choose.`
            : `${round.program.name} is waiting for its first day.`}
        </p>
      </div>
      <div className="grid gap-2 sm:flex sm:flex-wrap sm:items-center sm:gap-3">
        <Button size="lg" className="h-12" disabled={isBusy} onClick={onContinue}>
          <Play aria-hidden /> Continue from day {next}
        </Button>
        <Button size="lg" variant="outline" className="h-12" disabled={isBusy} onClick={onStartAgain}>
          <RotateCcw aria-hidden /> Start again
        </Button>
        <Link
          to="/programs"
          className="inline-flex min-h-11 items-center justify-center text-sm font-semibold text-accent-900 underline underline-offset-4"
        >
          Browse programs
        </Link>
      </div>
    </section>
  );
}
