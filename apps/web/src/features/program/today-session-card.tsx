import { mayTrainDay, TASTER_DAY } from '@core28/core/entitlements';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Flame, Lock, Play, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { useViewer } from '@/lib/viewer';
import { ExerciseDemo } from '../exercises/exercise-demo';
import { programQuery } from './api';
import { CoachAdjusted } from './coach-adjusted';
import { dayTitle, dayWork, planDay, sessionPath } from './plan-text';
import { readSession, sessionAction, sessionStorageKey } from './session/session-storage';

/**
 * Today's session: the day, its exercise and demonstration, the target from the plan,
 * the streak and Start workout. First on the member's home and on /program.
 */
export function TodaySessionCard({
  className,
  headingLevel = 2,
  onLocked,
}: {
  className?: string;
  headingLevel?: 1 | 2;
  /** Where a locked day's button leads in this page (the paywall); else to /program, which has it. */
  onLocked?: () => void;
}) {
  const program = useQuery(programQuery());
  const { user, subscription } = useViewer();
  const state = program.data;
  if (!state) return <div className={cn('h-40 animate-pulse rounded-2xl bg-zinc-100', className)} />;

  const entitlements = subscription?.entitlements;
  // Without a plan the taster day comes first, until it is done (docs/decisions/0021).
  const isTaster = entitlements?.train === 'taster' && !state.completions.some((c) => c.day === TASTER_DAY);
  const day = isTaster ? TASTER_DAY : state.currentDay;
  const isLocked = entitlements !== undefined && !mayTrainDay(entitlements, day);
  const plan = planDay(state, day);
  const isDone = state.completions.some((c) => c.day === day);
  const stored = user ? readSession(sessionStorageKey(user.id, day, state.round.number)) : null;
  const action = sessionAction(stored, isDone);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const streak = state.stats.currentStreak;

  return (
    <section
      aria-labelledby="today-session-heading"
      className={cn(
        'grid gap-4 overflow-hidden rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:grid-cols-[12rem_1fr] sm:items-center sm:p-5',
        className,
      )}
    >
      <ExerciseDemo
        demoKey={plan?.exercise.demoKey ?? null}
        label={plan?.exercise.name ?? `Day ${day}`}
        className="hidden sm:block"
      />
      <div className="grid gap-2">
        <Heading
          id="today-session-heading"
          className="text-sm font-semibold tracking-widest text-brand-700 uppercase"
        >
          {isTaster ? `Try Day ${day} free` : `Today's Exercise · Day ${day}`}
        </Heading>
        <div className="flex items-center gap-3">
          <ExerciseDemo
            demoKey={plan?.exercise.demoKey ?? null}
            label={plan?.exercise.name ?? `Day ${day}`}
            className="w-24 shrink-0 sm:hidden"
          />
          <div className="grid gap-0.5">
            <p className="text-xl font-extrabold tracking-tight">{plan ? dayTitle(plan) : `Day ${day}`}</p>
            {plan && (
              <p className="text-sm text-zinc-600">
                {dayWork(plan)} · about {plan.estimatedMinutes} min
              </p>
            )}
            {plan?.adjusted && <CoachAdjusted note={plan.note} />}
            <p className="flex items-center gap-1 text-sm font-semibold text-zinc-700">
              <Flame className={cn('size-4', streak > 0 ? 'text-brand-600' : 'text-zinc-400')} aria-hidden />
              {streak}-day streak
            </p>
            {isDone && (
              <p className="flex items-center gap-1 text-sm font-semibold text-green-700">
                <CircleCheck className="size-4" aria-hidden /> Completed
              </p>
            )}
          </div>
        </div>
        {isLocked ? (
          onLocked ? (
            <Button size="lg" className="h-12 w-full sm:w-fit" onClick={onLocked}>
              <Lock aria-hidden /> Unlock today's session
            </Button>
          ) : (
            <Button asChild size="lg" className="h-12 w-full sm:w-fit">
              <Link to="/program#paywall">
                <Lock aria-hidden /> Unlock today's session
              </Link>
            </Button>
          )
        ) : (
          <Button
            asChild
            size="lg"
            variant={isDone && !stored ? 'outline' : 'default'}
            className="h-12 w-full sm:w-fit"
          >
            <Link to={sessionPath(day)}>
              {isDone && !stored ? <RotateCcw aria-hidden /> : <Play aria-hidden />} {action}
            </Link>
          </Button>
        )}
      </div>
    </section>
  );
}
