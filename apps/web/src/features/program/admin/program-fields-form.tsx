import { type ProgramInput, ProgramInputSchema } from '@core28/core/program-admin';
import { MAX_PROGRAM_DAYS, MIN_PROGRAM_DAYS, PROGRAM_LEVELS } from '@core28/core/rounds';
import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { CheckboxField, Field } from '@/components/ui/field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { useZodForm } from '@/lib/form';

export const LEVEL_LABELS = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
} as const;

/** A program's fields, for a new program and for a change to one (the server's refusal shows above them). */
export function ProgramFieldsForm({
  defaultValues,
  error,
  isLengthLocked = false,
  onSubmit,
  actions,
  idPrefix,
}: {
  defaultValues?: Partial<ProgramInput>;
  error?: string;
  isLengthLocked?: boolean;
  onSubmit: (input: ProgramInput) => void;
  actions: ReactNode;
  idPrefix: string;
}) {
  const form = useZodForm(ProgramInputSchema, {
    defaultValues: { level: 'beginner', days: 28, description: '', circuit: false, ...defaultValues },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Field id={`${idPrefix}-name`} label="Name" error={errors.name?.message}>
        <Input autoComplete="off" {...form.register('name')} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id={`${idPrefix}-level`} label="Level" error={errors.level?.message}>
          <Select {...form.register('level')}>
            {PROGRAM_LEVELS.map((level) => (
              <option key={level} value={level}>
                {LEVEL_LABELS[level]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id={`${idPrefix}-days`}
          label="Days"
          error={errors.days?.message}
          hint={isLengthLocked ? 'Core28 keeps its 28 days.' : `${MIN_PROGRAM_DAYS} to ${MAX_PROGRAM_DAYS}`}
        >
          <Input
            type="number"
            inputMode="numeric"
            readOnly={isLengthLocked}
            {...form.register('days', { valueAsNumber: true })}
          />
        </Field>
      </div>
      <Field id={`${idPrefix}-description`} label="Description" error={errors.description?.message}>
        <Textarea rows={3} {...form.register('description')} />
      </Field>
      <CheckboxField id={`${idPrefix}-circuit`} error={errors.circuit?.message} {...form.register('circuit')}>
        A circuit: each round goes through every exercise of the day once
      </CheckboxField>
      <div className="flex flex-wrap justify-end gap-2">{actions}</div>
    </form>
  );
}
