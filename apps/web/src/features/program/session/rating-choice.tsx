import { cn } from '@/lib/class-names';

/** One of five (spec §5's 1–5 scales) as five large radio buttons: one tap chooses. */
export function RatingChoice({
  name,
  legend,
  value,
  onChange,
  optionLabel,
}: {
  name: string;
  legend: string;
  value: number | null;
  onChange: (value: number) => void;
  optionLabel: (value: number) => string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="grid grid-cols-5 gap-2">
        {[1, 2, 3, 4, 5].map((option) => (
          <label
            key={option}
            className={cn(
              'grid h-12 cursor-pointer place-items-center rounded-xl border text-sm font-bold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-white',
              value === option
                ? 'border-brand-500 bg-brand-600 text-white'
                : 'border-white/20 bg-white/5 hover:bg-white/10',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {optionLabel(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
