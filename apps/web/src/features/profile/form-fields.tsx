import { COUNTRIES, FITNESS_LEVELS, GENDER_LABELS, GENDERS, GOALS } from '@core28/core/profile';
import type { ComponentProps } from 'react';
import { Select } from '@/components/ui/input';

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
