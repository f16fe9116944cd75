import { formatMmSs } from '@core28/core/program';
import { cn } from '@/lib/class-names';
import type { MemberDetail } from './api';

// docs/decisions/0004: the same four statuses and colours as the member's own /program.
const STATUS = {
  completed: { label: 'Completed', style: 'border-green-300 bg-green-50' },
  current: { label: 'Today', style: 'border-brand-600 bg-brand-50 ring-2 ring-brand-600/20' },
  missed: { label: 'Missed', style: 'border-dashed border-amber-500 bg-amber-50 text-amber-900' },
  future: { label: 'Future', style: 'border-zinc-200 bg-zinc-50 text-zinc-500' },
} as const;

/** The days of the member's current round: status, time and reps, and which days their coach adjusted. */
export function MemberGrid({ member }: { member: MemberDetail }) {
  const results = new Map(member.results.map((r) => [r.day, r]));
  const adjusted = new Set(member.adjustedDays);
  return (
    <ol
      aria-label={`${member.days.length}-day grid`}
      className="grid grid-cols-4 gap-1.5 sm:gap-2 lg:grid-cols-7"
    >
      {member.days.map(({ day, status }) => {
        const result = results.get(day);
        return (
          <li
            key={day}
            aria-label={`Day ${day}: ${STATUS[status].label}`}
            className={cn('grid gap-0.5 rounded-lg border p-2 text-xs', STATUS[status].style)}
          >
            <span className="flex flex-wrap items-center justify-between gap-1">
              <strong className="text-sm whitespace-nowrap">Day {day}</strong>
              {adjusted.has(day) && (
                <span
                  className="rounded bg-zinc-900 px-1 text-[10px] font-semibold text-white"
                  title="Adjusted"
                >
                  Adj.
                </span>
              )}
            </span>
            <span>{STATUS[status].label}</span>
            {result && (
              <span className="text-zinc-600">
                {formatMmSs(result.totalSeconds)}
                <br />
                {result.reps} reps
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
