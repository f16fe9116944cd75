import { type ExerciseCategory, MEMBER_DAY_ITEMS_MAX, MemberDayItemsSchema } from '@core28/core/session-plan';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { type FieldErrors, type UseFormReturn, useFieldArray } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { useZodForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { adminExercisesQuery } from '../../exercises/admin-api';
import { type MemberPlan, useMemberDay } from './admin-api';

// The coach's own version of one member's day: its exercises in order (1 to 8), each with its
// prescription, and a note. Saved whole; the server keeps the day before and after.

type PlanDay = MemberPlan['days'][number];
type Values = z.input<typeof MemberDayItemsSchema>;
type Form = UseFormReturn<Values, unknown, z.output<typeof MemberDayItemsSchema>>;
type Exercise = { id: number; name: string; category: ExerciseCategory };

const orNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

export function MemberDayForm({
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
  const loaded = useQuery(adminExercisesQuery()).data;
  const exercises: Exercise[] = loaded?.length ? loaded : day.items.map((i) => i.exercise);
  const form = useZodForm(MemberDayItemsSchema, {
    shouldUnregister: true,
    defaultValues: {
      items: day.items.map((i) => ({ exerciseId: i.exercise.id, ...i.prescription })),
      note: day.note,
    },
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const { errors } = form.formState;
  const { save, reset } = useMemberDay(userId, onChanged);
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
  const onAdd = () => {
    const first = exercises[0];
    if (!first) return;
    const measure = first.category === 'time' ? { workSeconds: 30 } : { targetReps: 10 };
    items.append({ exerciseId: first.id, sets: 3, restSeconds: 30, ...measure });
  };
  const error = save.error ?? reset.error;
  const count = items.fields.length;
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
      {error && <ErrorAlert>{error.message}</ErrorAlert>}
      <ol className="grid gap-3" aria-label="Order of the day">
        {items.fields.map((field, index) => (
          <li key={field.id} className="grid gap-3 rounded-lg border border-zinc-200 p-3">
            <ItemFields form={form} index={index} exercises={exercises} count={count} />
            {count > 1 && (
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => items.move(index, index - 1)}
                  disabled={index === 0}
                  aria-label={`Move number ${index + 1} up`}
                >
                  <ArrowUp aria-hidden /> Up
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => items.move(index, index + 1)}
                  disabled={index === count - 1}
                  aria-label={`Move number ${index + 1} down`}
                >
                  <ArrowDown aria-hidden /> Down
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => items.remove(index)}
                  aria-label={`Remove number ${index + 1}`}
                >
                  <Trash2 aria-hidden /> Remove
                </Button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {(errors.items?.message ?? errors.items?.root?.message) && (
        <p className="text-sm text-red-700">{errors.items?.message ?? errors.items?.root?.message}</p>
      )}
      {count < MEMBER_DAY_ITEMS_MAX && (
        <Button type="button" variant="outline" className="w-fit" onClick={onAdd}>
          <Plus aria-hidden /> Add an exercise
        </Button>
      )}
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

/**
 * One exercise of the day: which, sets, the measure its kind uses, rest. With one exercise the
 * labels are the plain ones ("Exercise", "Sets"); with more, each is numbered.
 */
function ItemFields({
  form,
  index,
  exercises,
  count,
}: {
  form: Form;
  index: number;
  exercises: Exercise[];
  count: number;
}) {
  const name = `items.${index}` as const;
  const id = `member-day-${index}`;
  const suffix = count > 1 ? ` (${index + 1})` : '';
  const exerciseId = form.watch(`${name}.exerciseId`);
  const category = exercises.find((e) => e.id === exerciseId)?.category ?? 'reps';
  const errors = (form.formState.errors as FieldErrors<Values>).items?.[index];
  // A move to the other kind of exercise drops the measure it no longer uses while its field is
  // still there to clear: else the hidden value went along and the day was refused for both.
  const onExercise = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = exercises.find((e) => e.id === Number(event.target.value))?.category;
    if (next && next !== category)
      form.setValue(next === 'time' ? `${name}.targetReps` : `${name}.workSeconds`, null);
  };
  return (
    <>
      <Field id={`${id}-exercise`} label={`Exercise${suffix}`} error={errors?.exerciseId?.message}>
        <Select {...form.register(`${name}.exerciseId`, { valueAsNumber: true, onChange: onExercise })}>
          {exercises.map((exercise) => (
            <option key={exercise.id} value={exercise.id}>
              {exercise.name} ({exercise.category})
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid grid-cols-3 gap-3">
        <Field id={`${id}-sets`} label={`Sets${suffix}`} error={errors?.sets?.message}>
          <Input
            type="number"
            inputMode="numeric"
            {...form.register(`${name}.sets`, { valueAsNumber: true })}
          />
        </Field>
        {category === 'time' ? (
          <Field id={`${id}-work`} label={`Work (seconds)${suffix}`} error={errors?.workSeconds?.message}>
            <Input
              type="number"
              inputMode="numeric"
              {...form.register(`${name}.workSeconds`, { setValueAs: orNull })}
            />
          </Field>
        ) : (
          <Field
            id={`${id}-reps`}
            label={`Target reps${suffix}`}
            error={errors?.targetReps?.message ?? errors?.workSeconds?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              {...form.register(`${name}.targetReps`, { setValueAs: orNull })}
            />
          </Field>
        )}
        <Field id={`${id}-rest`} label={`Rest (seconds)${suffix}`} error={errors?.restSeconds?.message}>
          <Input
            type="number"
            inputMode="numeric"
            {...form.register(`${name}.restSeconds`, { valueAsNumber: true })}
          />
        </Field>
      </div>
    </>
  );
}
