import type { ExerciseCategory } from '@core28/core/session-plan';
import type { FieldErrors, FieldValues, UseFormRegister, UseFormReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** The prescription's fields as a day form holds them (the measure it does not use is null). */
type PrescriptionValues = {
  sets: number;
  workSeconds?: number | null;
  targetReps?: number | null;
  restSeconds: number;
};

const orNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/**
 * Sets, the measure (work seconds for a timed exercise, target reps otherwise) and rest: the same
 * fields in the program day's form and in a member's day. `idPrefix` keeps each form's ids.
 * Called in the form's render, not mounted as a component: its fields then register before the
 * ones below them, and a failed submit focuses the first invalid field in the order they show.
 */
export function prescriptionFields<Values extends PrescriptionValues & FieldValues, Output>({
  form,
  idPrefix,
  category,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  idPrefix: string;
  category: ExerciseCategory;
}) {
  // The form's own type names these fields too; react-hook-form cannot see it through a generic.
  const register = form.register as unknown as UseFormRegister<PrescriptionValues>;
  const errors = form.formState.errors as FieldErrors<PrescriptionValues>;
  const numeric = { setValueAs: orNull };
  return (
    <div className="grid grid-cols-3 gap-3">
      <Field id={`${idPrefix}-sets`} label="Sets" error={errors.sets?.message}>
        <Input type="number" inputMode="numeric" {...register('sets', { valueAsNumber: true })} />
      </Field>
      {category === 'time' ? (
        <Field id={`${idPrefix}-work`} label="Work (seconds)" error={errors.workSeconds?.message}>
          <Input type="number" inputMode="numeric" {...register('workSeconds', numeric)} />
        </Field>
      ) : (
        <Field
          id={`${idPrefix}-reps`}
          label="Target reps"
          error={errors.targetReps?.message ?? errors.workSeconds?.message}
        >
          <Input type="number" inputMode="numeric" {...register('targetReps', numeric)} />
        </Field>
      )}
      <Field id={`${idPrefix}-rest`} label="Rest (seconds)" error={errors.restSeconds?.message}>
        <Input type="number" inputMode="numeric" {...register('restSeconds', { valueAsNumber: true })} />
      </Field>
    </div>
  );
}
