import { canCompleteDay, isTomorrow } from '@core28/core/program';
import { CircleAlert, CircleCheck, Lock, Play, RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { useViewer } from '@/lib/viewer';
import type { Exercise } from '../exercises/api';
import type { ProgramState } from './api';
import { CoachAdjusted } from './coach-adjusted';
import { dayTitle, dayWork, planDay, sessionPath } from './plan-text';
import { daysInWeek, weekTabs } from './round-view';
import { readSession, sessionAction, sessionStorageKey } from './session/session-storage';

// docs/decisions/0004: a missed day is amber and dashed, with its word, never styled as completed.
const STATUS_STYLE = {
  completed: 'border-green-300 bg-green-50',
  current: 'border-brand-600 bg-brand-50 ring-2 ring-brand-600/20',
  missed: 'border-dashed border-amber-500 bg-amber-50',
  future: 'border-zinc-200 bg-zinc-100 text-zinc-600',
} as const;

/** The round's week tabs (Core28's four named weeks) and the selected week's day cards. */
export function WeekDays({
  state,
  week,
  onWeek,
  exerciseOf,
  onComplete,
  onDetails,
  isLocked,
  onLocked,
}: {
  state: ProgramState;
  week: number;
  onWeek: (week: number) => void;
  exerciseOf: (day: number) => Exercise | undefined;
  onComplete: (day: number) => void;
  onDetails: (exercise: Exercise) => void;
  /** The plan does not let the member train this day: its actions lead to the paywall. */
  isLocked: (day: number) => boolean;
  onLocked: () => void;
}) {
  const done = new Set(state.completions.map((c) => c.day));
  const { user } = useViewer();
  const length = state.round.program.days;
  const tabList = weekTabs(state.round.program.slug, length);
  const tabs = useRef<HTMLDivElement>(null);
  // At 390 px weeks 3 and 4 are off to the right: bring the selected tab into view, sideways only
  // (scrollIntoView would also scroll the page to the tabs). Both boxes are measured on screen.
  useEffect(() => {
    const list = tabs.current;
    const tab = list?.querySelector<HTMLElement>(`[data-week="${week}"]`);
    if (!list || !tab) return;
    const shown = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    // Whole pixels (scrollLeft is rounded): a rounded-up position would hide a sliver of the tab.
    if (box.left < shown.left || box.right > shown.right)
      list.scrollLeft = Math.floor(list.scrollLeft + box.left - shown.left);
  }, [week]);

  return (
    <section className="grid gap-4">
      {/* pr-1: a tab row of fractional width keeps its last tab wholly reachable by scrolling. */}
      <div ref={tabs} role="tablist" aria-label="Weeks" className="flex gap-2 overflow-x-auto pr-1">
        {tabList.map((tab) => (
          <button
            key={tab.week}
            type="button"
            role="tab"
            data-week={tab.week}
            aria-selected={week === tab.week}
            onClick={() => onWeek(tab.week)}
            className={cn(
              'min-h-11 shrink-0 rounded-full px-4 py-2 text-sm font-semibold sm:min-h-0',
              week === tab.week ? 'bg-zinc-900 text-white' : 'bg-zinc-100 text-zinc-700 hover:bg-zinc-200',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        aria-label={tabList[week - 1]?.name ?? `Week ${week}`}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        {daysInWeek(week, length).map((day) => {
          const status = state.days[day - 1]?.status ?? 'future';
          const exercise = exerciseOf(day);
          const plan = planDay(state, day);
          const canStart = status !== 'future';
          const isCompleted = status === 'completed';
          const stored =
            canStart && user ? readSession(sessionStorageKey(user.id, day, state.round.number)) : null;
          return (
            <article
              key={day}
              className={cn('grid content-start gap-2 rounded-xl border p-4', STATUS_STYLE[status])}
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
                {status === 'current' && <span className="text-xs font-semibold text-brand-700">Today</span>}
                {isTomorrow(day, state.currentDay) && (
                  <span className="text-xs font-semibold text-zinc-600">Tomorrow</span>
                )}
              </div>
              <p className="text-sm">
                {status === 'future' ? 'Unlocks on this day' : plan ? dayTitle(plan) : (exercise?.name ?? '')}
              </p>
              {canStart && plan && <p className="text-xs text-zinc-600">{dayWork(plan)}</p>}
              {plan?.adjusted && <CoachAdjusted note={plan.note} />}
              <div className="flex flex-wrap gap-2">
                {/* A day done stays a record: the lock is offered on days still to train. */}
                {canStart && isLocked(day) && !isCompleted && (
                  <Button size="sm" variant="outline" onClick={onLocked}>
                    <Lock aria-hidden /> Unlock Day {day}
                  </Button>
                )}
                {canStart && !isLocked(day) && (
                  <Button asChild size="sm" variant={isCompleted && !stored ? 'outline' : 'default'}>
                    <Link to={sessionPath(day)}>
                      {isCompleted && !stored ? <RotateCcw aria-hidden /> : <Play aria-hidden />}
                      {sessionAction(stored, isCompleted)}
                    </Link>
                  </Button>
                )}
                {canCompleteDay(day, state.currentDay, done) && !isLocked(day) && (
                  <Button size="sm" variant="outline" onClick={() => onComplete(day)}>
                    Complete
                  </Button>
                )}
                {exercise && (
                  <Button size="sm" variant="outline" onClick={() => onDetails(exercise)}>
                    Details
                  </Button>
                )}
              </div>
            </article>
          );
        })}
      </div>
    </section>
  );
}
