import { canLogResults, formatMmSs, PROGRAM_DAYS, parseMmSs, parseReps } from '@core28/core/program';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { type ProgramState, useSaveResult } from './api';

function DayResultCard({ day, state }: { day: number; state: ProgramState }) {
  const saved = state.results.find((r) => r.day === day);
  const [time, setTime] = useState(saved ? formatMmSs(saved.totalSeconds) : '');
  const [reps, setReps] = useState(saved ? String(saved.reps) : '');
  const save = useSaveResult();
  const isEditable = canLogResults(day, state.currentDay);
  const isToday = day === state.currentDay;

  const onSave = () => {
    // spec §5: an invalid mm:ss is ignored (the stored time stays), reps default to 0.
    const seconds = parseMmSs(time) ?? saved?.totalSeconds ?? 0;
    save.mutate(
      { day, totalSeconds: seconds, reps: parseReps(reps) },
      {
        onSuccess: () => {
          setTime(formatMmSs(seconds));
          toast.success('Progress Saved', {
            description: `Exercise progress for Day ${day} has been saved.`,
          });
        },
        onError: () => toast.error('Error', { description: 'Failed to save exercise progress' }),
      },
    );
  };

  return (
    <div
      data-day={day}
      className={cn(
        'grid w-40 shrink-0 gap-2 rounded-xl border p-3 text-sm',
        isToday
          ? 'border-brand-600 bg-brand-50'
          : isEditable
            ? 'border-green-300 bg-green-50'
            : 'border-zinc-200 bg-zinc-100 text-zinc-600',
      )}
    >
      <p className="font-semibold">Day {day}</p>
      {isEditable ? (
        <>
          <label className="grid gap-1 text-xs" htmlFor={`time-day-${day}`}>
            Time (mm:ss)
            <Input
              id={`time-day-${day}`}
              value={time}
              onChange={(e) => setTime(e.target.value)}
              placeholder="00:00"
              className="h-8"
              inputMode="numeric"
            />
          </label>
          <label className="grid gap-1 text-xs" htmlFor={`reps-day-${day}`}>
            Reps
            <Input
              id={`reps-day-${day}`}
              value={reps}
              onChange={(e) => setReps(e.target.value)}
              placeholder="0"
              className="h-8"
              inputMode="numeric"
            />
          </label>
          <Button size="sm" onClick={onSave} disabled={save.isPending} aria-label={`Save Day ${day}`}>
            Save
          </Button>
        </>
      ) : (
        <p className="text-xs">Future day</p>
      )}
    </div>
  );
}

const ALL_DAYS = Array.from({ length: PROGRAM_DAYS }, (_, i) => i + 1);

/** spec §2 Program: time and reps for past and current days; future days are read-only. */
export function DayStrip({ state }: { state: ProgramState }) {
  const strip = useRef<HTMLDivElement>(null);
  // Open the strip at today's card rather than at day 1.
  useEffect(() => {
    const container = strip.current;
    const today = container?.querySelector<HTMLElement>(`[data-day="${state.currentDay}"]`);
    if (container && today) container.scrollLeft = today.offsetLeft - container.offsetLeft - 16;
  }, [state.currentDay]);
  return (
    <section aria-labelledby="results-heading" className="grid gap-3">
      <h2 id="results-heading" className="text-lg font-bold">
        Log your time and reps
      </h2>
      <div ref={strip} className="flex gap-3 overflow-x-auto pb-2">
        {ALL_DAYS.map((day) => (
          <DayResultCard key={day} day={day} state={state} />
        ))}
      </div>
    </section>
  );
}
