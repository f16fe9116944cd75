import { canLogResults, type DayStatus, formatMmSs, PROGRAM_DAYS } from '@core28/core/program';
import { type DayResultForm, DayResultFormSchema } from '@core28/core/program-schemas';
import { useEffect, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useZodForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
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
}: { day: number; field: Field; label: string; error: string | undefined } & UseFormRegisterReturn) {
  const id = `${field}-day-${day}`;
  return (
    <div className="grid gap-1 text-xs">
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        {...registration}
        placeholder={field === 'time' ? '00:00' : '0'}
        className="h-8"
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

function DayResultCard({ day, state }: { day: number; state: ProgramState }) {
  const saved = state.results.find((r) => r.day === day);
  // A field says what is wrong once the member has left it; Save waits for both to be valid.
  const form = useZodForm(DayResultFormSchema, {
    mode: 'onTouched',
    defaultValues: {
      time: saved ? formatMmSs(saved.totalSeconds) : '',
      reps: saved ? String(saved.reps) : '',
    },
  });
  const { errors, isValid } = form.formState;
  const save = useSaveResult();
  const status = state.days[day - 1]?.status ?? 'future';
  const label = STATUS_LABEL[status];
  const isEditable = canLogResults(day, state.currentDay);

  // spec §5: invalid input is ignored, so nothing is sent until both fields parse.
  const onSave = form.handleSubmit(({ totalSeconds, reps }) =>
    save.mutate(
      { day, totalSeconds, reps },
      {
        onSuccess: () => {
          form.reset({ time: formatMmSs(totalSeconds), reps: String(reps) });
          toast.success('Progress Saved', {
            description: `Exercise progress for Day ${day} has been saved.`,
          });
        },
        onError: () => toast.error('Error', { description: 'Failed to save exercise progress' }),
      },
    ),
  );

  const input = (field: Field, fieldLabel: string) => (
    <ResultInput
      day={day}
      field={field}
      label={fieldLabel}
      error={errors[field]?.message}
      {...form.register(field)}
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
      {isEditable ? (
        <form noValidate onSubmit={onSave} className="grid gap-2">
          {input('time', 'Time (mm:ss)')}
          {input('reps', 'Reps')}
          <Button
            type="submit"
            size="sm"
            disabled={!isValid || save.isPending}
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
