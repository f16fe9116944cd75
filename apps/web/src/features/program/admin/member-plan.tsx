import { MemberDayInputSchema } from '@core28/core/session-plan';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select, Textarea } from '@/components/ui/input';
import { useZodForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { adminExercisesQuery } from '../../exercises/admin-api';
import { type MemberPlan, memberPlanQuery, useMemberDay } from './admin-api';
import { prescriptionFields } from './prescription-fields';

type PlanDay = MemberPlan['days'][number];
type Change = MemberPlan['changes'][number];

const measure = (p: PlanDay['prescription']) =>
  p.targetReps !== null ? `${p.targetReps} reps` : `${p.workSeconds ?? 0} s`;
const dayText = (p: PlanDay['prescription']) => `${p.sets} × ${measure(p)}, rest ${p.restSeconds} s`;
const snapshotText = (s: Change['before']) =>
  s
    ? `${s.exerciseName}, ${dayText(s)}${s.adjusted ? '' : ' (standard)'}${s.note ? ` · “${s.note}”` : ''}`
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
              <span>
                {d.exercise.name} · {dayText(d.prescription)}
              </span>
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
                  <time dateTime={c.changedAt}>{new Date(c.changedAt).toLocaleString()}</time>
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

function MemberDayForm({
  userId,
  day,
  onChanged,
  onDone,
}: {
  userId: string;
  day: PlanDay;
  onChanged: () => void;
  onDone: () => void;
}) {
  const exercises = useQuery(adminExercisesQuery()).data ?? [];
  const form = useZodForm(MemberDayInputSchema, {
    shouldUnregister: true,
    defaultValues: { exerciseId: day.exercise.id, ...day.prescription, note: day.note },
  });
  const { errors } = form.formState;
  const { save, reset } = useMemberDay(userId, onChanged);
  const exerciseId = form.watch('exerciseId');
  const category = exercises.find((e) => e.id === exerciseId)?.category ?? day.exercise.category;
  // A day moved to the other kind of exercise drops the measure it no longer uses (reps for a
  // timed one, seconds for a reps one), while its field is still there to clear: else the
  // hidden field's value went along and the day was refused for giving both.
  const onExercise = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = exercises.find((e) => e.id === Number(event.target.value))?.category;
    if (next && next !== category) form.setValue(next === 'time' ? 'targetReps' : 'workSeconds', null);
  };
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { day: day.day, input },
      {
        onSuccess: () => {
          toast.success(`Day ${day.day} adjusted`);
          onDone();
        },
      },
    ),
  );
  const onReset = () =>
    reset.mutate(day.day, {
      onSuccess: () => {
        toast.success(`Day ${day.day} is the standard day again`);
        onDone();
      },
    });
  const error = save.error ?? reset.error;
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
      {error && <ErrorAlert>{error.message}</ErrorAlert>}
      <Field id="member-day-exercise" label="Exercise" error={errors.exerciseId?.message}>
        <Select {...form.register('exerciseId', { valueAsNumber: true, onChange: onExercise })}>
          {(exercises.length ? exercises : [day.exercise]).map((exercise) => (
            <option key={exercise.id} value={exercise.id}>
              {exercise.name} ({exercise.category})
            </option>
          ))}
        </Select>
      </Field>
      {prescriptionFields({ form, idPrefix: 'member-day', category })}
      <Field
        id="member-day-note"
        label="Note for the member"
        error={errors.note?.message}
        hint="Shown on their program and in the session."
      >
        <Textarea rows={2} maxLength={500} {...form.register('note')} />
      </Field>
      <div className="flex flex-wrap justify-between gap-2 border-t border-zinc-200 pt-4">
        {day.adjusted ? (
          <Button type="button" variant="outline" onClick={onReset} disabled={reset.isPending}>
            Use the standard day
          </Button>
        ) : (
          <span />
        )}
        <div className="flex gap-2">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Save day {day.day}
          </Button>
        </div>
      </div>
    </form>
  );
}
