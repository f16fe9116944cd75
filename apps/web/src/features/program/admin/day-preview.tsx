import { estimatedSessionMinutes, type SessionBlock, sessionPlan } from '@core28/core/session-plan';

const KIND_LABELS = { warmup: 'Warm-up', work: 'Work', rest: 'Rest', cooldown: 'Cool-down' } as const;

/** The day as the member's session plays it: core's sessionPlan, the program's circuit setting. */
export function DayPreview({
  day,
  blocks,
  circuit,
}: {
  day: number;
  blocks: SessionBlock[];
  circuit: boolean;
}) {
  const steps = sessionPlan({ day, blocks, circuit });
  return (
    <div className="grid gap-3">
      <p className="text-sm text-zinc-600">
        {steps.length} steps · about {estimatedSessionMinutes(steps)} minutes{circuit ? ' · a circuit' : ''}
      </p>
      <ol className="grid max-h-[60vh] gap-1 overflow-y-auto pr-1">
        {steps.map((step, i) => (
          <li key={step.id} className="flex items-baseline gap-3 rounded-lg px-2 py-1.5 odd:bg-zinc-50">
            <span className="w-6 shrink-0 text-right text-xs text-zinc-500">{i + 1}</span>
            <span className="w-20 shrink-0 text-xs font-semibold uppercase text-zinc-600">
              {KIND_LABELS[step.kind]}
            </span>
            <span className="min-w-0 flex-1 text-sm">{step.title}</span>
            <span className="shrink-0 text-sm tabular-nums text-zinc-700">
              {step.durationSeconds !== null ? `${step.durationSeconds} s` : `${step.targetReps} reps`}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
