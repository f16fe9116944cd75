import { ArrowRight, CalendarCheck, Flame } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/class-names';
import type { ProgramState } from './api';
import { thisWeekOf, type WeekDayMark } from './this-week';

const MARK_STYLE: Record<WeekDayMark['status'], string> = {
  completed: 'bg-green-600 text-white',
  current: 'bg-white text-brand-700 ring-2 ring-brand-600',
  // docs/decisions/0004: a missed day is amber and dashed, never styled as completed.
  missed: 'border-2 border-dashed border-amber-500 text-amber-900',
  future: 'bg-zinc-100 text-zinc-600',
};
const MARK_WORD = { completed: 'done', current: 'today', missed: 'missed', future: 'to come' } as const;

/** This week on the member's home: days done, the streak, and tomorrow's exercise by name. */
export function ThisWeekCard({ state }: { state: ProgramState }) {
  const week = thisWeekOf(state);
  return (
    <section
      aria-labelledby="this-week-heading"
      className="grid gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="this-week-heading" className="text-lg font-bold">
          This week
        </h2>
        <p className="text-sm text-zinc-600">{week.label}</p>
      </div>
      <ol className="flex gap-1.5" aria-label={`${week.doneCount} of ${week.days.length} days done`}>
        {week.days.map(({ day, status }) => (
          <li
            key={day}
            className={cn(
              'grid size-9 place-items-center rounded-full text-xs font-semibold',
              MARK_STYLE[status],
            )}
          >
            <span aria-hidden>{day}</span>
            <span className="sr-only">
              Day {day}, {MARK_WORD[status]}
            </span>
          </li>
        ))}
      </ol>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm font-semibold text-zinc-700">
        <span className="flex items-center gap-1">
          <CalendarCheck className="size-4 text-green-700" aria-hidden />
          {week.doneCount} of {week.days.length} days done
        </span>
        <span className="flex items-center gap-1">
          <Flame className={cn('size-4', week.streak > 0 ? 'text-brand-600' : 'text-zinc-400')} aria-hidden />
          {week.streak}-day streak
        </span>
      </p>
      {week.tomorrow ? (
        <Link
          to="/program"
          className="flex min-h-11 items-center justify-between gap-2 rounded-xl bg-zinc-50 px-3 py-2 text-sm hover:bg-zinc-100"
        >
          <span>
            <span className="font-semibold text-zinc-600">Tomorrow · Day {week.tomorrow.day}: </span>
            <span className="font-bold">{week.tomorrow.name}</span>
          </span>
          <ArrowRight className="size-4 shrink-0" aria-hidden />
        </Link>
      ) : (
        week.isLastDay && <p className="text-sm text-zinc-600">Today is the last day of this round.</p>
      )}
    </section>
  );
}
