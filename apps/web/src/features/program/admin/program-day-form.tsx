import { PROGRAM_DAYS } from '@core28/core/program';
import { ProgramDayInputSchema } from '@core28/core/session-plan';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/input';
import { useZodForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import type { AdminExercise } from '../../exercises/admin-api';
import { type AdminProgramDay, useSaveProgramDay, useSwapProgramDays } from './admin-api';
import { prescriptionFields } from './prescription-fields';

/** One day's exercise and prescription; the server's message shows in the form when it refuses. */
export function ProgramDayForm({
  day,
  exercises,
  onDone,
}: {
  day: AdminProgramDay;
  exercises: AdminExercise[];
  onDone: () => void;
}) {
  const form = useZodForm(ProgramDayInputSchema, {
    shouldUnregister: true,
    defaultValues: { exerciseId: day.exercise.id, ...day.prescription },
  });
  const { errors } = form.formState;
  const save = useSaveProgramDay(day.day);
  const swap = useSwapProgramDays();
  const exerciseId = form.watch('exerciseId');
  const category = exercises.find((e) => e.id === exerciseId)?.category ?? day.exercise.category;

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => {
        toast.success(`Day ${day.day} saved`);
        onDone();
      },
    }),
  );
  const onSwap = (to: number) =>
    swap.mutate(
      { from: day.day, to },
      {
        onSuccess: () => {
          toast.success(`Days ${day.day} and ${to} swapped`);
          onDone();
        },
        onError: (error) => toast.error('Failed to swap days', { description: error.message }),
      },
    );

  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
      {save.error && <ErrorAlert>{save.error.message}</ErrorAlert>}
      <Field id="day-exercise" label="Exercise" error={errors.exerciseId?.message}>
        <Select {...form.register('exerciseId', { valueAsNumber: true })}>
          {exercises.map((exercise) => (
            <option key={exercise.id} value={exercise.id}>
              {exercise.name} ({exercise.category === 'time' ? 'time' : 'reps'})
            </option>
          ))}
        </Select>
      </Field>
      {prescriptionFields({ form, idPrefix: 'day', category })}
      <div className="flex flex-wrap items-end justify-between gap-3 border-t border-zinc-200 pt-4">
        <Field id="day-swap" label="Swap with day" className="w-40">
          <Select
            value=""
            disabled={swap.isPending}
            onChange={(e) => e.target.value && onSwap(Number(e.target.value))}
          >
            <option value="">Choose a day</option>
            {Array.from({ length: PROGRAM_DAYS }, (_, i) => i + 1)
              .filter((other) => other !== day.day)
              .map((other) => (
                <option key={other} value={other}>
                  Day {other}
                </option>
              ))}
          </Select>
        </Field>
        <div className="flex gap-2">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            Save Day {day.day}
          </Button>
        </div>
      </div>
    </form>
  );
}
