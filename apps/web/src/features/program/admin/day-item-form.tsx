import { type ProgramDayInput, ProgramDayInputSchema } from '@core28/core/session-plan';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/input';
import { useZodForm } from '@/lib/form';
import type { AdminExercise } from '../../exercises/admin-api';
import { prescriptionFields } from './prescription-fields';

/** One exercise of a program day and its prescription, as the day editor holds it until saved. */
export function DayItemForm({
  item,
  exercises,
  onSave,
  onCancel,
}: {
  item: ProgramDayInput;
  exercises: AdminExercise[];
  onSave: (item: ProgramDayInput) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(ProgramDayInputSchema, { shouldUnregister: true, defaultValues: item });
  const exerciseId = form.watch('exerciseId');
  const category = exercises.find((e) => e.id === exerciseId)?.category ?? 'time';
  return (
    <form noValidate onSubmit={form.handleSubmit(onSave)} className="mt-4 grid gap-4">
      <Field id="item-exercise" label="Exercise" error={form.formState.errors.exerciseId?.message}>
        <Select {...form.register('exerciseId', { valueAsNumber: true })}>
          {exercises.map((exercise) => (
            <option key={exercise.id} value={exercise.id}>
              {exercise.name} ({exercise.category})
            </option>
          ))}
        </Select>
      </Field>
      {prescriptionFields({ form, idPrefix: 'item', category })}
      <div className="flex justify-end gap-2 border-t border-zinc-200 pt-4">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Done</Button>
      </div>
    </form>
  );
}
