import { mayTrainDay } from '@core28/core/entitlements';
import { CORE28_SLUG, DAYS_PER_WEEK } from '@core28/core/program';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Flame } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { AfterFirstPaint } from '@/lib/after-first-paint';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useViewer } from '@/lib/viewer';
import { type Exercise, exercisesQuery } from '../exercises/api';
import { ExerciseDialog } from '../exercises/exercise-dialog';
import { PROGRAM_LOAD_FAILED, programQuery, useCompleteDay, useSessionsKeptOffline } from './api';
import { DayStrip } from './day-strip';
import { ProgramPaywall } from './program-paywall';
import { roundDefaultWeek, roundEyebrow } from './round-view';
import { TodayArea } from './today-area';
import { WeekDays } from './week-days';

/** A locked day's button: the paywall, in the page (not a toast), scrolled to and focused. */
function showPaywall() {
  const paywall = document.getElementById('paywall');
  paywall?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  paywall?.focus({ preventScroll: true });
}

export default function ProgramPage() {
  const program = useQuery(programQuery());
  const { subscription } = useViewer();
  const entitlements = subscription?.entitlements;
  const exercises = useQuery({
    ...exercisesQuery(),
    // Without the library (a plan that ended) there is nothing to load, and no error to toast.
    enabled: entitlements?.library !== 'none',
    meta: { errorToast: { title: 'Error', description: 'Failed to load exercises' } },
  });
  const complete = useCompleteDay();
  // The server decides; until the plan is known nothing is shown locked.
  const isLocked = (day: number) => entitlements !== undefined && !mayTrainDay(entitlements, day);
  const [week, setWeek] = useState<number | null>(null);
  const [confirmDay, setConfirmDay] = useState<number | null>(null);
  const [details, setDetails] = useState<Exercise | null>(null);
  // Session plans are kept for offline use only where the plan lets the member train them.
  useSessionsKeptOffline(entitlements?.train === 'all' ? program.data?.currentDay : undefined);

  if (program.isPending) return <PageSpinner />;
  if (program.isError)
    return <LoadError message={PROGRAM_LOAD_FAILED} onRetry={() => program.refetch()} className="py-16" />;

  const state = program.data;
  const done = new Set(state.completions.map((c) => c.day));
  const { round } = state;
  const length = round.program.days;
  const isFinished = round.status === 'finished';
  const selectedWeek = week ?? roundDefaultWeek(state.currentDay, length);
  // The plan's own estimate of a day, for the line under the weeks (Core28's is "about 20").
  const minutes = Math.round(
    state.plan.reduce((total, p) => total + p.estimatedMinutes, 0) / Math.max(1, state.plan.length),
  );
  const exerciseOf = (day: number) => exercises.data?.exercises.find((e) => e.days.includes(day));

  const onConfirm = (day: number) =>
    complete.mutate(day, {
      onSuccess: () => {
        if (day === state.currentDay)
          toast.success('Workout Completed!', { description: `Great job completing Day ${day}!` });
        else toast.success('Workout Completed', { description: `Day ${day} marked as completed.` });
        setConfirmDay(null);
      },
      onError: (err) => {
        setConfirmDay(null);
        if (err instanceof ApiError && err.status === 409)
          toast.info('Already Completed', { description: `Day ${day} is already marked as completed` });
        // spec §8: completing today is "the workout"; any other day is "the day".
        else
          toast.error('Error', {
            description:
              day === state.currentDay
                ? 'Failed to mark workout as completed'
                : 'Failed to mark day as completed',
          });
      },
    });

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:gap-8 sm:px-6 sm:py-10">
      <header className="theme-fixed grid gap-3 rounded-2xl bg-zinc-950 p-5 text-white sm:gap-4 sm:p-8">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <p className="text-sm font-semibold tracking-widest text-brand-500 uppercase">
            {roundEyebrow(round)}
          </p>
          <Link
            to="/programs"
            className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-zinc-300 underline-offset-4 hover:text-white hover:underline"
          >
            All programs <ChevronRight className="size-4" aria-hidden />
          </Link>
        </div>
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-4xl">
          {isFinished ? `Round ${round.number} complete` : `Day ${state.currentDay} of ${length}`}
        </h1>
        <dl className="grid grid-cols-3 gap-4 text-sm">
          <div>
            <dt className="text-zinc-400">Completed</dt>
            <dd className="text-2xl font-bold">{state.stats.totalWorkouts}</dd>
          </div>
          <div>
            <dt className="text-zinc-400">Streak</dt>
            <dd className="flex items-center gap-1 text-2xl font-bold">
              <Flame className="size-5 text-brand-500" aria-hidden /> {state.stats.currentStreak}
            </dd>
          </div>
          <div>
            <dt className="text-zinc-400">Progress</dt>
            <dd className="text-2xl font-bold">{state.stats.progressPercentage}%</dd>
          </div>
        </dl>
        <div
          className="h-2 overflow-hidden rounded-full bg-zinc-800"
          role="progressbar"
          aria-label="Program progress"
          aria-valuenow={state.stats.progressPercentage}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-full bg-brand-600" style={{ width: `${state.stats.progressPercentage}%` }} />
        </div>
      </header>

      {(entitlements?.train !== 'none' || isFinished) && <TodayArea onLocked={showPaywall} />}
      {entitlements && entitlements.train !== 'all' && (
        <ProgramPaywall capability="train" returnTo="/program" />
      )}

      {state.currentDay > 1 && !isFinished && !done.has(1) && !isLocked(1) && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
          <p>Did you do Day 1? Mark it complete to start your streak.</p>
          <Button size="sm" onClick={() => setConfirmDay(1)}>
            Mark Day 1 Complete
          </Button>
        </div>
      )}

      <WeekDays
        state={state}
        week={selectedWeek}
        onWeek={setWeek}
        exerciseOf={exerciseOf}
        onComplete={setConfirmDay}
        onDetails={setDetails}
        isLocked={isLocked}
        onLocked={showPaywall}
      />
      <p className="-mt-3 text-xs text-zinc-500 sm:-mt-5">
        {DAYS_PER_WEEK} days a week, about {round.program.slug === CORE28_SLUG ? 20 : minutes} minutes a day.
      </p>

      <AfterFirstPaint>
        <DayStrip state={state} isLocked={isLocked} onLocked={showPaywall} />
      </AfterFirstPaint>

      <Dialog open={confirmDay !== null} onOpenChange={(open) => !open && setConfirmDay(null)}>
        <DialogContent>
          <DialogTitle>Complete Day {confirmDay}?</DialogTitle>
          <DialogDescription>Mark this workout as done. A completed day stays completed.</DialogDescription>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirmDay(null)}>
              Cancel
            </Button>
            <Button onClick={() => confirmDay && onConfirm(confirmDay)} disabled={complete.isPending}>
              Mark as Complete
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      <ExerciseDialog exercise={details} onClose={() => setDetails(null)} />
    </div>
  );
}
