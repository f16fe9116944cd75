import { roundStandingLabel } from '@core28/core/rounds';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, TrendingDown } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/class-names';
import { formatRelative } from '@/lib/relative-time';
import { type MemberSummary, memberSummaryQuery } from '../admin/api';

// Who the coach is answering, beside the chat: plan, day, streak, last session and
// wellness. A column on wide screens, a collapsible strip above the messages on narrow ones.

const PLAN_LABEL = { trial: 'Trial', paid: 'Paid', none: 'No plan' } as const;

function Facts({ m }: { m: MemberSummary }) {
  const rows: [string, string][] = [
    ['Plan', `${m.tier ?? 'No tier'} · ${PLAN_LABEL[m.plan]}`],
    ['Program', `${m.round.program.name} · round ${m.round.number}`],
    [
      'Program day',
      m.round.status === 'running'
        ? `Day ${m.currentDay} of ${m.round.program.days}`
        : roundStandingLabel(m.round),
    ],
    ['Streak', `${m.streak} days`],
    ['Completed', `${m.completedDays} days`],
    ['Missed in a row', String(m.missedInARow)],
    [
      'Last session',
      m.lastSession ? `Day ${m.lastSession.day}, ${formatRelative(m.lastSession.at)}` : 'None yet',
    ],
    [
      'Last wellness',
      m.lastWellness
        ? `Day ${m.lastWellness.day}: feeling ${m.lastWellness.feeling}/5, energy ${m.lastWellness.energy}/5`
        : 'None yet',
    ],
  ];
  return (
    <div className="grid gap-2 text-sm">
      <dl className="grid gap-2">
        {rows.map(([term, value]) => (
          <div key={term} className="grid gap-0.5">
            <dt className="text-xs font-medium text-zinc-500">{term}</dt>
            <dd
              className={cn(
                term === 'Missed in a row' && m.missedInARow >= 2 && 'font-semibold text-amber-800',
              )}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {m.wellnessFalling && (
        <p className="inline-flex items-center gap-1 text-xs font-semibold text-amber-800">
          <TrendingDown className="size-3.5" aria-hidden /> Wellness falling
        </p>
      )}
      <Link to={`/admin/users/${m.userId}`} className="text-sm font-medium text-brand-700 hover:underline">
        Open member
      </Link>
    </div>
  );
}

export function MemberPanel({
  userId,
  layout,
  className,
}: {
  userId: string;
  layout: 'column' | 'strip';
  className?: string;
}) {
  const summary = useQuery(memberSummaryQuery(userId));
  const m = summary.data;
  if (layout === 'column')
    return (
      <aside aria-label="Member" className={cn('content-start gap-3 overflow-y-auto p-4', className)}>
        <h3 className="font-bold">{m ? m.name || m.email : 'Member'}</h3>
        {m ? <Facts m={m} /> : <p className="text-sm text-zinc-500">Loading…</p>}
      </aside>
    );
  return (
    <details
      aria-label="Member details"
      className={cn('group border-b border-zinc-200 bg-white px-4 py-2', className)}
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 text-sm">
        <span className="min-w-0 truncate">
          {m
            ? `${roundStandingLabel(m.round)} · streak ${m.streak} · ${m.tier ?? 'No tier'}`
            : 'Member details'}
        </span>
        <ChevronDown className="size-4 shrink-0 transition group-open:rotate-180" aria-hidden />
      </summary>
      <div className="pt-2">{m ? <Facts m={m} /> : <p className="text-sm text-zinc-500">Loading…</p>}</div>
    </details>
  );
}
