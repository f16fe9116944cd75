import { canLogWellness, energyWord, feelingWord, PROGRAM_DAYS } from '@core28/core/program';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { toast } from '@/lib/toast';
import { type ProgramState, useDayRollover, useSaveWellness } from '../program/api';

const DEFAULT_RATING = 3; // spec §5

function TodayWellness({ state }: { state: ProgramState }) {
  const day = state.currentDay;
  const saved = state.wellness.find((w) => w.day === day);
  const [feeling, setFeeling] = useState(saved?.feeling ?? DEFAULT_RATING);
  const [energy, setEnergy] = useState(saved?.energy ?? DEFAULT_RATING);
  const save = useSaveWellness();
  const onSave = () =>
    save.mutate(
      { day, feeling, energy },
      {
        onSuccess: () =>
          toast.success('Wellness Data Saved', {
            description: `Your wellness data for Day ${day} has been saved.`,
          }),
        onError: () => toast.error('Error', { description: 'Failed to save wellness data' }),
      },
    );
  return (
    <div className="grid gap-4 rounded-xl border border-brand-600 bg-brand-50 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <label className="grid gap-1 text-sm font-medium" htmlFor="feeling">
        How do you feel today? <span className="text-zinc-600">{feelingWord(feeling)}</span>
        <input
          id="feeling"
          type="range"
          min={1}
          max={5}
          step={1}
          value={feeling}
          aria-valuetext={feelingWord(feeling)}
          onChange={(e) => setFeeling(Number(e.target.value))}
          className="h-11 accent-brand-600"
        />
      </label>
      <label className="grid gap-1 text-sm font-medium" htmlFor="energy">
        Energy level <span className="text-zinc-600">{energyWord(energy)}</span>
        <input
          id="energy"
          type="range"
          min={1}
          max={5}
          step={1}
          value={energy}
          aria-valuetext={energyWord(energy)}
          onChange={(e) => setEnergy(Number(e.target.value))}
          className="h-11 accent-brand-600"
        />
      </label>
      <Button onClick={onSave} disabled={save.isPending}>
        Save Day {day}
      </Button>
    </div>
  );
}

/** spec §4 Wellness: editable only for the current day; past days read-only; future days 'Future day'. */
export function WellnessTracker({ state }: { state: ProgramState }) {
  useDayRollover(state); // the wellness day is today in the member's zone
  return (
    <section aria-labelledby="wellness-heading" className="grid gap-4">
      <h2 id="wellness-heading" className="text-lg font-bold">
        28-day wellness tracker
      </h2>
      <TodayWellness key={state.currentDay} state={state} />
      <ol className="grid grid-cols-4 gap-2 sm:grid-cols-7">
        {Array.from({ length: PROGRAM_DAYS }, (_, i) => i + 1).map((day) => {
          const entry = state.wellness.find((w) => w.day === day);
          const isFuture = day > state.currentDay;
          return (
            <li
              key={day}
              className={cn(
                'rounded-lg border p-2 text-xs',
                canLogWellness(day, state.currentDay)
                  ? 'border-brand-600'
                  : isFuture
                    ? 'border-zinc-200 bg-zinc-100 text-zinc-600'
                    : 'border-zinc-200',
              )}
            >
              <p className="font-semibold">Day {day}</p>
              {isFuture ? (
                <p>Future day</p>
              ) : entry ? (
                <p>
                  {feelingWord(entry.feeling)} · {energyWord(entry.energy)}
                </p>
              ) : (
                <p className="text-zinc-500">Not logged</p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
