import { DAYS_PER_WEEK, energyPercent } from '@core28/core/program';
import { ChevronDown, TrendingDown, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { deltaText, durationText, movementText, orderBests } from './round-view';
import type { RoundResultsData } from './rounds-api';

type Figures = RoundResultsData['results'];

/** Each week: days done of its days, with the time and reps logged. */
export function RoundWeeks({
  perWeek,
  weeks,
  length,
}: {
  perWeek: Figures['perWeek'];
  weeks: number;
  length: number;
}) {
  return (
    <section aria-labelledby="weeks-heading" className="grid gap-3">
      <h2 id="weeks-heading" className="text-lg font-bold">
        Week by week
      </h2>
      <ol className="grid gap-2">
        {Array.from({ length: weeks }, (_, i) => {
          const week = perWeek.find((w) => w.week === i + 1) ?? {
            week: i + 1,
            daysDone: 0,
            seconds: 0,
            reps: 0,
          };
          const days = Math.min(DAYS_PER_WEEK, length - i * DAYS_PER_WEEK);
          const percent = Math.round((week.daysDone / days) * 100);
          return (
            <li key={week.week} className="grid gap-1.5 rounded-xl border border-zinc-200 p-3 sm:p-4">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-semibold">Week {week.week}</span>
                <span className="text-zinc-600 tabular-nums">
                  {week.daysDone} of {days} days · {durationText(week.seconds)} · {week.reps} reps
                </span>
              </div>
              <div
                className="h-2 overflow-hidden rounded-full bg-zinc-100"
                role="progressbar"
                aria-label={`Week ${week.week}: days done`}
                aria-valuenow={week.daysDone}
                aria-valuemin={0}
                aria-valuemax={days}
              >
                <div
                  className={cn('h-full rounded-full', percent === 100 ? 'bg-green-600' : 'bg-brand-600')}
                  style={{ width: `${percent}%` }}
                />
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** A round of Core28 has 28 exercises: the biggest gains show first, the rest on a tap. */
const SHOWN_BESTS = 6;

/** Each exercise's best in the round, against the round before ("+10 s"). */
export function RoundExercises({
  exercises,
  before,
}: {
  exercises: Figures['exercises'];
  before: RoundResultsData['before'];
}) {
  const [isAll, setAll] = useState(false);
  if (exercises.length === 0) return null;
  const ordered = orderBests(exercises);
  const shown = isAll ? ordered : ordered.slice(0, SHOWN_BESTS);
  return (
    <section aria-labelledby="bests-heading" className="grid gap-3">
      <div>
        <h2 id="bests-heading" className="text-lg font-bold">
          Your bests
        </h2>
        <p className="text-sm text-zinc-600">
          {before
            ? `Against round ${before.number} (${before.program.name}).`
            : 'Your first round: the bests to beat next time.'}
        </p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {shown.map((exercise) => {
          const isHold = exercise.category === 'time';
          const best = isHold ? exercise.bestHoldSeconds : exercise.mostReps;
          const previous = isHold ? exercise.before?.bestHoldSeconds : exercise.before?.mostReps;
          const delta = deltaText(best, previous, isHold ? 's' : 'reps');
          const isUp = delta?.startsWith('+');
          const isDown = delta?.startsWith('−');
          return (
            <li
              key={exercise.id}
              className="flex items-center justify-between gap-3 rounded-xl border border-zinc-200 p-3 sm:p-4"
            >
              <div className="grid">
                <span className="font-semibold">{exercise.name}</span>
                <span className="text-sm text-zinc-600">
                  {best === null ? 'Not logged' : isHold ? `Longest hold ${best} s` : `Most reps ${best}`}
                </span>
              </div>
              {delta && (
                <span
                  className={cn(
                    'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-sm font-bold tabular-nums',
                    isUp
                      ? 'bg-green-100 text-green-800'
                      : isDown
                        ? 'bg-amber-100 text-amber-900'
                        : 'bg-zinc-100 text-zinc-700',
                  )}
                >
                  {isUp && <TrendingUp className="size-4" aria-hidden />}
                  {isDown && <TrendingDown className="size-4" aria-hidden />}
                  {delta}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {shown.length < ordered.length && (
        <Button variant="outline" className="h-11 justify-self-center" onClick={() => setAll(true)}>
          <ChevronDown aria-hidden /> Show all {ordered.length} exercises
        </Button>
      )}
    </section>
  );
}

/** How the member felt, and their energy, from the first week to the last. */
export function RoundFeeling({
  feeling,
  energy,
}: {
  feeling: Figures['feeling'];
  energy: Figures['energy'];
}) {
  const rows = [
    { label: 'How you felt', text: movementText(feeling), scale: 'out of 5' },
    {
      label: 'Energy',
      text: energy
        ? `${Math.round(energyPercent(energy.first))}% → ${Math.round(energyPercent(energy.last))}%`
        : null,
      scale: '',
    },
  ];
  return (
    <section aria-labelledby="feeling-heading" className="grid gap-3">
      <h2 id="feeling-heading" className="text-lg font-bold">
        How you felt
      </h2>
      {feeling || energy ? (
        <dl className="grid gap-2 sm:grid-cols-2">
          {rows.map((row) =>
            row.text ? (
              <div key={row.label} className="grid gap-0.5 rounded-xl border border-zinc-200 p-3 sm:p-4">
                <dt className="text-sm text-zinc-600">{row.label}, first week → last</dt>
                <dd className="text-xl font-bold tabular-nums">
                  {row.text}{' '}
                  {row.scale && <span className="text-sm font-normal text-zinc-600">{row.scale}</span>}
                </dd>
              </div>
            ) : null,
          )}
        </dl>
      ) : (
        <p className="text-sm text-zinc-600">
          Log how you feel on two different weeks to see how it moves over a round.
        </p>
      )}
    </section>
  );
}
