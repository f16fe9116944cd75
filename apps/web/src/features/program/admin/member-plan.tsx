import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { formatDate } from '@/lib/format';
import { type MemberPlan, memberPlanQuery } from './admin-api';
import { MemberDayForm } from './member-day-form';

type PlanDay = MemberPlan['days'][number];
type Change = MemberPlan['changes'][number];

const measure = (p: PlanDay['prescription']) =>
  p.targetReps !== null ? `${p.targetReps} reps` : `${p.workSeconds ?? 0} s`;
const dayText = (p: PlanDay['prescription']) => `${p.sets} × ${measure(p)}, rest ${p.restSeconds} s`;
const snapshotText = (s: Change['before']) =>
  s
    ? `${s.items.map((i) => `${i.exerciseName}, ${dayText(i)}`).join(' + ')}${s.adjusted ? '' : ' (standard)'}${s.note ? ` · “${s.note}”` : ''}`
    : '—';

/**
 * The member's remaining days, each adjustable for a 1-on-1 Burn member, and every change;
 * `onChanged` runs after each (the member page reads the member again).
 */
export function MemberPlanSection({ userId, onChanged }: { userId: string; onChanged: () => void }) {
  const plan = useQuery(memberPlanQuery(userId));
  const [editing, setEditing] = useState<PlanDay | null>(null);
  const data = plan.data;
  if (!data)
    return (
      <p className="text-sm text-zinc-500">
        {plan.isError ? 'The plan could not be loaded.' : 'Loading the plan…'}
      </p>
    );
  const remaining = data.days.filter((d) => d.day >= data.currentDay);
  return (
    <div className="grid gap-4">
      {!data.canAdjust && (
        <p className="rounded-lg bg-zinc-100 p-3 text-sm text-zinc-700">
          Custom plans are part of 1-on-1 Burn. This member follows the standard program.
        </p>
      )}
      <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200" aria-label="Remaining days">
        {remaining.map((d) => (
          <li
            key={d.day}
            className="grid grid-cols-[3.5rem_minmax(0,1fr)_auto] items-center gap-x-3 px-4 py-2 text-sm"
          >
            <strong>Day {d.day}</strong>
            <span className="grid gap-0.5">
              {d.items.map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a day may hold the same exercise twice
                <span key={i}>
                  {item.exercise.name} · {dayText(item.prescription)}
                </span>
              ))}
              {d.adjusted && (
                <span className="w-fit rounded bg-zinc-900 px-1.5 py-0.5 text-xs font-semibold text-white">
                  Adjusted
                </span>
              )}
              {d.note && <span className="text-xs text-zinc-500">Note: {d.note}</span>}
            </span>
            {data.canAdjust ? (
              <Button
                variant="outline"
                size="sm"
                onClick={() => setEditing(d)}
                aria-label={`Adjust day ${d.day}`}
              >
                Adjust
              </Button>
            ) : (
              <span />
            )}
          </li>
        ))}
      </ul>
      <section aria-label="Changes to the plan">
        <h3 className="mb-2 text-sm font-semibold">Changes</h3>
        {data.changes.length === 0 ? (
          <p className="text-sm text-zinc-500">No changes yet: the standard program.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {data.changes.map((c) => (
              <li key={c.id} className="rounded-lg bg-zinc-50 p-2">
                <p className="font-medium">
                  Day {c.day} · {c.changedBy ?? 'A former coach'} ·{' '}
                  <time dateTime={c.changedAt}>{formatDate(c.changedAt, 'dateTime')}</time>
                </p>
                <p className="text-zinc-600">Before: {snapshotText(c.before)}</p>
                <p className="text-zinc-600">After: {snapshotText(c.after)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent>
          <DialogTitle>Adjust day {editing?.day}</DialogTitle>
          <DialogDescription>
            Only this member's day changes; everyone else keeps the standard program.
          </DialogDescription>
          {editing && (
            <MemberDayForm
              userId={userId}
              day={editing}
              onChanged={onChanged}
              onDone={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
