import {
  canLogResults,
  type DayResultForm,
  type DayStatus,
  formatMmSs,
  readDayResultForm,
} from '@core28/core/program';
import { Lock } from 'lucide-react';
import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/class-names';
import { toast } from '@/lib/toast';
import { type ProgramState, useSaveResult } from './api';

const CARD_STYLE: Record<DayStatus, string> = {
  completed: 'border-green-300 bg-green-50',
  current: 'border-brand-600 bg-brand-50',
  missed: 'border-dashed border-amber-500 bg-amber-50',
  future: 'border-zinc-200 bg-zinc-100 text-zinc-600',
};
const STATUS_LABEL: Record<DayStatus, { text: string; className: string } | null> = {
  completed: { text: 'Completed', className: 'text-green-700' },
  current: { text: 'Today', className: 'text-brand-700' },
  missed: { text: 'Missed', className: 'text-amber-800' },
  future: null,
};

type Field = keyof DayResultForm;

function ResultInput({
  day,
  field,
  label,
  error,
  ...registration
}: { day: number; field: Field; label: string; error: string | undefined } & ComponentProps<'input'>) {
  const id = `${field}-day-${day}`;
  return (
    <div className="grid gap-1 text-xs">
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        {...registration}
        placeholder={field === 'time' ? '00:00' : '0'}
        className="h-11 sm:h-8"
        inputMode="numeric"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="font-medium text-brand-700">
          {error}
        </p>
      )}
    </div>
  );
}

const formValues = (result: { totalSeconds: number; reps: number } | undefined): DayResultForm => ({
  time: result ? formatMmSs(result.totalSeconds) : '',
  reps: result ? String(result.reps) : '',
});

/**
 * One day's time and reps. Plain state rather than useZodForm: /program is the page members open
 * every day, and react-hook-form with zod was a third of its JavaScript. It behaves as
 * the form did: a field says what is wrong once the member has left it (then as they type), Save
 * waits for both to be valid, a refused submit shows every message and focuses the first field.
 */
function DayResultCard({
  day,
  state,
  isLocked,
  onLocked,
}: {
  day: number;
  state: ProgramState;
  /** The plan does not let the member train this day (the server would refuse the save). */
  isLocked: boolean;
  onLocked: () => void;
}) {
  const saved = state.results.find((r) => r.day === day);
  const [values, setValues] = useState(() => formValues(saved));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const read = readDayResultForm(values);
  const save = useSaveResult();
  const status = state.days[day - 1]?.status ?? 'future';
  const label = STATUS_LABEL[status];
  const isEditable = canLogResults(day, state.currentDay);

  // spec §5: invalid input is ignored, so nothing is sent until both fields parse.
  const onSave = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (read.errors) {
      setTouched({ time: true, reps: true });
      const first = read.errors.time ? 'time' : 'reps';
      event.currentTarget.querySelector<HTMLInputElement>(`#${first}-day-${day}`)?.focus();
      return;
    }
    const { totalSeconds, reps } = read;
    save.mutate(
      { day, totalSeconds, reps },
      {
        onSuccess: () => {
          setValues(formValues({ totalSeconds, reps }));
          setTouched({});
          toast.success('Progress Saved', {
            description: `Exercise progress for Day ${day} has been saved.`,
          });
        },
        onError: () => toast.error('Error', { description: 'Failed to save exercise progress' }),
      },
    );
  };

  const input = (field: Field, fieldLabel: string) => (
    <ResultInput
      day={day}
      field={field}
      label={fieldLabel}
      error={touched[field] ? read.errors?.[field] : undefined}
      name={field}
      value={values[field]}
      onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))}
      onBlur={() => setTouched((t) => ({ ...t, [field]: true }))}
    />
  );

  return (
    <div
      data-day={day}
      className={cn(
        'grid w-40 shrink-0 content-start gap-2 rounded-xl border p-3 text-sm',
        CARD_STYLE[status],
      )}
    >
      <p className="flex items-baseline justify-between gap-2">
        <span className="font-semibold">Day {day}</span>
        {label && <span className={cn('text-xs font-semibold', label.className)}>{label.text}</span>}
      </p>
      {isEditable && isLocked ? (
        <div className="grid gap-2 text-xs">
          <p>{saved ? `${formatMmSs(saved.totalSeconds)} · ${saved.reps} reps` : 'Nothing logged'}</p>
          <Button size="sm" variant="outline" onClick={onLocked} aria-label={`Unlock Day ${day}`}>
            <Lock aria-hidden /> Unlock
          </Button>
        </div>
      ) : isEditable ? (
        <form noValidate onSubmit={onSave} className="grid gap-2">
          {input('time', 'Time (mm:ss)')}
          {input('reps', 'Reps')}
          <Button
            type="submit"
            size="sm"
            disabled={Boolean(read.errors) || save.isPending}
            aria-label={`Save Day ${day}`}
          >
            Save
          </Button>
        </form>
      ) : (
        <p className="text-xs">Future day</p>
      )}
    </div>
  );
}

/** spec §2 Program: time and reps for past and current days; future days are read-only. */
export function DayStrip({
  state,
  isLocked,
  onLocked,
}: {
  state: ProgramState;
  isLocked: (day: number) => boolean;
  onLocked: () => void;
}) {
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
        {Array.from({ length: state.round.program.days }, (_, i) => i + 1).map((day) => (
          <DayResultCard key={day} day={day} state={state} isLocked={isLocked(day)} onLocked={onLocked} />
        ))}
      </div>
    </section>
  );
}
