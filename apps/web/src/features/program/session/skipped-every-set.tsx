import { skippedEverySet } from './finish-words';

/**
 * The end of a session in which every set was skipped: asked, not praised. Marking the day done
 * stays the member's choice (spec §5 lets any started day be completed); the way back starts the
 * session again from its first screen.
 */
export function SkippedEverySet({
  day,
  time,
  isSaving,
  onConfirm,
  onBack,
}: {
  day: number;
  time: string;
  isSaving: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <div className="mx-auto grid w-full max-w-xl flex-1 content-center gap-6 px-4 pt-2 pb-6 text-center">
      <div className="grid gap-2">
        <h1 className="text-2xl font-extrabold tracking-tight text-balance">{skippedEverySet(day)}</h1>
        <p className="text-zinc-300">
          No set was done. <span className="tabular-nums">{time}</span> in the workout.
        </p>
      </div>
      <div className="grid gap-3">
        <button
          type="button"
          onClick={onConfirm}
          disabled={isSaving}
          className="h-14 rounded-full bg-brand-600 text-lg font-bold hover:bg-brand-700 focus-visible:outline-white disabled:opacity-60"
        >
          {isSaving ? 'Saving…' : `Mark Day ${day} done`}
        </button>
        <button
          type="button"
          onClick={onBack}
          disabled={isSaving}
          className="h-14 rounded-full bg-white/10 text-lg font-semibold hover:bg-white/20 focus-visible:outline-white disabled:opacity-60"
        >
          Back to the workout
        </button>
      </div>
    </div>
  );
}
