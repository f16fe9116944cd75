import { MAX_STEP_REPS } from '@core28/core/session-player';
import { Minus, Plus } from 'lucide-react';

/** A reps set's target and the member's count, with large − and + for a thumb. */
export function RepCounter({
  target,
  value,
  onChange,
}: {
  target: number;
  value: number;
  onChange: (reps: number) => void;
}) {
  const button =
    'grid size-16 place-items-center rounded-full bg-white/10 hover:bg-white/20 disabled:opacity-40 focus-visible:outline-white';
  return (
    <div className="grid justify-items-center gap-1">
      <p className="text-sm text-zinc-400">Target {target} reps</p>
      <div className="flex items-center gap-6">
        <button
          type="button"
          className={button}
          aria-label="One rep fewer"
          disabled={value <= 0}
          onClick={() => onChange(value - 1)}
        >
          <Minus className="size-7" aria-hidden />
        </button>
        <output
          aria-label="Reps done"
          aria-live="polite"
          className="min-w-28 px-1 text-7xl leading-none font-black tabular-nums sm:text-8xl"
        >
          {value}
        </output>
        <button
          type="button"
          className={button}
          aria-label="One rep more"
          disabled={value >= MAX_STEP_REPS}
          onClick={() => onChange(value + 1)}
        >
          <Plus className="size-7" aria-hidden />
        </button>
      </div>
    </div>
  );
}
