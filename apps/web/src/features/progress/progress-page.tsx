import { DAYS_PER_WEEK, daysOfWeek, estimatedMinutes, loggedMinutes, WEEK_NAMES } from '@core28/core/program';
import { useQuery } from '@tanstack/react-query';
import { Award, Crown, Flame, Shield } from 'lucide-react';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { cn } from '@/lib/class-names';
import { plural } from '@/lib/format';
import { PROGRAM_LOAD_FAILED, programQuery } from '../program/api';
import { ProgressChart } from './progress-chart';
import { WellnessTracker } from './wellness-tracker';

// The chart library loads with this page only.
const STREAK_HIGHLIGHT = 3; // spec §9

/** The real logged time, as it reads under the estimate: "32 min logged over 2 days". */
export function loggedNote(results: readonly { totalSeconds: number }[]) {
  if (results.length === 0) return 'No time logged yet';
  const days = results.length === 1 ? '1 day' : `${results.length} days`;
  return `${loggedMinutes(results)} min logged over ${days}`;
}

export default function ProgressPage() {
  const program = useQuery(programQuery());

  if (program.isPending) return <PageSpinner />;
  if (program.isError)
    return <LoadError message={PROGRAM_LOAD_FAILED} onRetry={() => program.refetch()} className="py-16" />;

  const state = program.data;
  const done = new Set(state.completions.map((c) => c.day));
  const isHot = state.stats.currentStreak >= STREAK_HIGHLIGHT;
  const cards = [
    { label: 'Completed days', value: String(state.stats.totalWorkouts) },
    {
      label: 'Current streak',
      value: plural('day', state.stats.currentStreak),
      isHot,
    },
    { label: 'Progress', value: `${state.stats.progressPercentage}%` },
    {
      label: 'Estimated minutes',
      value: String(estimatedMinutes(state.stats.totalWorkouts)),
      // Beside the spec's estimate, what the member logged themselves (time per day).
      note: loggedNote(state.results),
    },
  ];

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight">Your Progress</h1>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {cards.map((card) => (
          <div
            key={card.label}
            className={cn(
              'rounded-2xl border p-5',
              card.isHot ? 'border-brand-600 bg-brand-50' : 'border-zinc-200',
            )}
          >
            <dt className="flex items-center gap-1 text-sm text-zinc-500">
              {card.isHot && <Flame className="size-4 text-brand-600" aria-hidden />}
              {card.label}
            </dt>
            <dd className="mt-1 text-3xl font-extrabold">{card.value}</dd>
            {card.note && <dd className="mt-1 text-sm text-zinc-600">{card.note}</dd>}
          </div>
        ))}
      </dl>

      <WellnessTracker state={state} />

      <section aria-labelledby="achievements-heading" className="grid gap-4">
        <h2 id="achievements-heading" className="text-lg font-bold">
          Weekly achievements
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {state.achievements.map((week) => {
            const count = daysOfWeek(week.week).filter((day) => done.has(day)).length;
            const badges = [
              { name: 'Core Warrior', isEarned: week.coreWarrior, icon: Shield },
              { name: 'Perfect Week', isEarned: week.perfectWeek, icon: Award },
              { name: 'Consistency King', isEarned: week.consistencyKing, icon: Crown },
            ];
            return (
              <article
                key={week.week}
                className="grid gap-3 rounded-2xl border border-zinc-200 p-4"
                aria-label={`Week ${week.week}`}
              >
                <h3 className="font-semibold">
                  Week {week.week}: {WEEK_NAMES[week.week - 1]}
                </h3>
                <div>
                  <div className="mb-1 flex justify-between text-xs text-zinc-500">
                    <span>
                      {count} / {DAYS_PER_WEEK} days
                    </span>
                    <span>{Math.round((count / DAYS_PER_WEEK) * 100)}%</span>
                  </div>
                  <div className="h-2 overflow-hidden rounded-full bg-zinc-200">
                    <div
                      className="h-full bg-brand-600"
                      style={{ width: `${(count / DAYS_PER_WEEK) * 100}%` }}
                    />
                  </div>
                </div>
                <ul className="grid gap-1 text-sm">
                  {badges.map(({ name, isEarned, icon: Icon }) => (
                    <li
                      key={name}
                      className={cn(
                        'flex items-center gap-2',
                        isEarned ? 'font-semibold text-zinc-900' : 'text-zinc-500',
                      )}
                    >
                      <Icon className={cn('size-4', isEarned ? 'text-brand-600' : '')} aria-hidden />
                      {name}
                      <span className="sr-only">{isEarned ? '(earned)' : '(not yet)'}</span>
                    </li>
                  ))}
                </ul>
              </article>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="tracker-heading" className="grid gap-4">
        <h2 id="tracker-heading" className="text-lg font-bold">
          Exercise progress tracker
        </h2>
        {state.results.length === 0 ? (
          <p className="text-sm text-zinc-500">Log time and reps on the program page to see them here.</p>
        ) : (
          <ProgressChart results={state.results} />
        )}
      </section>
    </div>
  );
}
