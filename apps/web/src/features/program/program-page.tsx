import {
  canCompleteDay,
  DAYS_PER_WEEK,
  daysOfWeek,
  defaultWeek,
  isTomorrow,
  PROGRAM_DAYS,
  WEEK_NAMES,
} from '@core28/core/program';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Flame } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { type Exercise, exercisesQuery } from '../exercises/api';
import { ExerciseDialog } from '../exercises/exercise-dialog';
import { PROGRAM_LOAD_FAILED, programQuery, useCompleteDay } from './api';
import { DayStrip } from './day-strip';

// docs/decisions/0004: a missed day is amber and dashed, with its word, never styled as completed.
const STATUS_STYLE = {
  completed: 'border-green-300 bg-green-50',
  current: 'border-brand-600 bg-brand-50 ring-2 ring-brand-600/20',
  missed: 'border-dashed border-amber-500 bg-amber-50',
  future: 'border-zinc-200 bg-zinc-100 text-zinc-600',
} as const;

export default function ProgramPage() {
  const program = useQuery(programQuery());
  const exercises = useQuery({
    ...exercisesQuery(),
    meta: { errorToast: { title: 'Error', description: 'Failed to load exercises' } },
  });
  const complete = useCompleteDay();
  const [week, setWeek] = useState<number | null>(null);
  const [confirmDay, setConfirmDay] = useState<number | null>(null);
  const [details, setDetails] = useState<Exercise | null>(null);

  if (program.isPending) return <PageSpinner />;
  if (program.isError)
    return <LoadError message={PROGRAM_LOAD_FAILED} onRetry={() => program.refetch()} className="py-16" />;

  const state = program.data;
  const done = new Set(state.completions.map((c) => c.day));
  const statusOf = (day: number) => state.days[day - 1]?.status ?? 'future';
  const selectedWeek = week ?? defaultWeek(state.currentDay);
  const exerciseOf = (day: number) => exercises.data?.exercises.find((e) => e.dayNumber === day);

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
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <header className="grid gap-4 rounded-2xl bg-zinc-950 p-6 text-white sm:p-8">
        <p className="text-sm font-semibold tracking-widest text-brand-500 uppercase">Your 28-Day Program</p>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          Day {state.currentDay} of {PROGRAM_DAYS}
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

      {state.currentDay > 1 && !done.has(1) && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
          <p>Did you do Day 1? Mark it complete to start your streak.</p>
          <Button size="sm" onClick={() => setConfirmDay(1)}>
            Mark Day 1 Complete
          </Button>
        </div>
      )}

      <section className="grid gap-4">
        <div role="tablist" aria-label="Weeks" className="flex gap-2 overflow-x-auto">
          {WEEK_NAMES.map((name, i) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={selectedWeek === i + 1}
              onClick={() => setWeek(i + 1)}
              className={cn(
                'shrink-0 rounded-full px-4 py-2 text-sm font-semibold',
                selectedWeek === i + 1
                  ? 'bg-zinc-900 text-white'
                  : 'bg-zinc-100 text-zinc-700 hover:bg-zinc-200',
              )}
            >
              Week {i + 1}: {name}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          aria-label={WEEK_NAMES[selectedWeek - 1]}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        >
          {daysOfWeek(selectedWeek).map((day) => {
            const status = statusOf(day);
            const exercise = exerciseOf(day);
            return (
              <article
                key={day}
                className={cn('grid gap-2 rounded-xl border p-4', STATUS_STYLE[status])}
                aria-label={`Day ${day}`}
              >
                <div className="flex items-center justify-between">
                  <h3 className="font-bold">Day {day}</h3>
                  {status === 'completed' && (
                    <span className="flex items-center gap-1 text-xs font-semibold text-green-700">
                      <CircleCheck className="size-4" aria-hidden /> Completed
                    </span>
                  )}
                  {status === 'missed' && (
                    <span className="flex items-center gap-1 text-xs font-semibold text-amber-800">
                      <CircleAlert className="size-4" aria-hidden /> Missed
                    </span>
                  )}
                  {status === 'current' && (
                    <span className="text-xs font-semibold text-brand-700">Today</span>
                  )}
                  {isTomorrow(day, state.currentDay) && (
                    <span className="text-xs font-semibold text-zinc-600">Tomorrow</span>
                  )}
                </div>
                <p className="text-sm">
                  {exercise?.name ?? (status === 'future' ? 'Unlocks on this day' : '')}
                </p>
                <div className="flex flex-wrap gap-2">
                  {canCompleteDay(day, state.currentDay, done) && (
                    <Button size="sm" onClick={() => setConfirmDay(day)}>
                      Complete
                    </Button>
                  )}
                  {exercise && (
                    <Button size="sm" variant="outline" onClick={() => setDetails(exercise)}>
                      Details
                    </Button>
                  )}
                </div>
              </article>
            );
          })}
        </div>
        <p className="text-xs text-zinc-500">{DAYS_PER_WEEK} days a week, about 20 minutes a day.</p>
      </section>

      <DayStrip state={state} />

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
