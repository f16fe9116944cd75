import { COUNTRIES, FITNESS_LEVELS, GENDER_LABELS, GENDERS, GOALS } from '@core28/core/profile';
import type { ComponentProps } from 'react';
import { Controller, type FieldErrors, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export function GenderSelect(props: ComponentProps<'select'>) {
  return (
    <Select {...props}>
      <option value="">Select gender</option>
      {GENDERS.map((gender) => (
        <option key={gender} value={gender}>
          {GENDER_LABELS[gender]}
        </option>
      ))}
    </Select>
  );
}

export function FitnessLevelSelect(props: ComponentProps<'select'>) {
  return (
    <Select {...props}>
      <option value="">Select fitness level</option>
      {FITNESS_LEVELS.map((level) => (
        <option key={level} value={level}>
          {capitalise(level)}
        </option>
      ))}
    </Select>
  );
}

export function CountrySelect(props: ComponentProps<'select'>) {
  return (
    <Select {...props}>
      <option value="">Select country</option>
      {COUNTRIES.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </Select>
  );
}

export function GoalsPicker({ value, onChange }: { value: string[]; onChange: (goals: string[]) => void }) {
  const toggle = (goal: string) =>
    onChange(value.includes(goal) ? value.filter((g) => g !== goal) : [...value, goal]);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium text-zinc-800">Goals (optional)</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {GOALS.map((goal) => (
          <label
            key={goal}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-zinc-200 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
          >
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={value.includes(goal)}
              onChange={() => toggle(goal)}
            />
            {goal}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The personal details as both profile forms hold them (completion has no display name). */
type DetailsValues = {
  firstName: string;
  lastName: string;
  displayName?: string;
  age: string;
  gender: string;
  country: string;
  fitnessLevel: string;
  goals?: string[];
};

/**
 * Name, age, gender, country, fitness level and goals: the same fields in the profile's edit form
 * and in the profile completion. `idPrefix` keeps each form's ids; the completion marks every
 * field required (' *') and has no display name. Called in the form's render, not mounted as a
 * component: its fields then register before the ones below them, and a failed submit focuses
 * the first invalid field in the order they show.
 */
export function detailsFields<Values extends FieldValues, Output>({
  form,
  idPrefix,
  isRequired,
  ageBounds,
  withDisplayName,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  idPrefix: string;
  isRequired: boolean;
  ageBounds: { min: number; max: number };
  withDisplayName: boolean;
}) {
  // The form's own type names these fields too; react-hook-form cannot see it through a generic.
  const { register, control } = form as unknown as UseFormReturn<DetailsValues>;
  const errors = form.formState.errors as FieldErrors<DetailsValues>;
  const mark = isRequired ? ' *' : '';
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idPrefix}firstName`} label={`First Name${mark}`} error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...register('firstName')} />
        </Field>
        <Field id={`${idPrefix}lastName`} label={`Last Name${mark}`} error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...register('lastName')} />
        </Field>
        {withDisplayName && (
          <Field id={`${idPrefix}displayName`} label="Display Name" error={errors.displayName?.message}>
            <Input autoComplete="nickname" {...register('displayName')} />
          </Field>
        )}
        <Field id={`${idPrefix}age`} label={`Age${mark}`} error={errors.age?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={ageBounds.min}
            max={ageBounds.max}
            step={1}
            {...register('age')}
          />
        </Field>
        <Field id={`${idPrefix}gender`} label={`Gender${mark}`} error={errors.gender?.message}>
          <GenderSelect {...register('gender')} />
        </Field>
        <Field id={`${idPrefix}country`} label={`Country${mark}`} error={errors.country?.message}>
          <CountrySelect autoComplete="country" {...register('country')} />
        </Field>
        <Field
          id={`${idPrefix}fitnessLevel`}
          label={`Fitness Level${mark}`}
          error={errors.fitnessLevel?.message}
        >
          <FitnessLevelSelect {...register('fitnessLevel')} />
        </Field>
      </div>
      <Controller
        control={control}
        name="goals"
        render={({ field }) => <GoalsPicker value={field.value ?? []} onChange={field.onChange} />}
      />
    </>
  );
}
