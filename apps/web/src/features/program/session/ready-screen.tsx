import { Play } from 'lucide-react';
import { mediaOf } from '../../exercises/api';
import { ExerciseMedia } from '../../exercises/exercise-media';
import type { SessionData } from '../api';
import { clock } from './player-shell';
import { phaseLabel, stepTarget } from './step-labels';
import { unlockAudio } from './use-cues';

const minutes = (seconds: number) => `${Math.max(1, Math.round(seconds / 60))} min`;

/** What the session holds, and Start (a tap, so sound may play from here on). */
export function ReadyScreen({ data, onStart }: { data: SessionData; onStart: () => void }) {
  const { exercise, prescription, steps } = data;
  const sum = (kind: string) =>
    steps.filter((s) => s.kind === kind).reduce((total, s) => total + (s.durationSeconds ?? 0), 0);
  const work =
    prescription.targetReps !== null
      ? `${prescription.sets} sets × ${prescription.targetReps} reps`
      : `${prescription.sets} sets × ${clock(prescription.workSeconds ?? 0)}`;
  const facts = [
    `Warm-up ${minutes(sum('warmup'))}`,
    work,
    `Rest ${clock(prescription.restSeconds)}`,
    `Cool-down ${minutes(sum('cooldown'))}`,
  ];
  const note = data.isCompleted
    ? `You completed Day ${data.day}. A replay saves your new time and reps.`
    : data.isToday
      ? null
      : `Finishing marks Day ${data.day} as completed.`;

  return (
    <div className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-6 px-4 pb-28 lg:grid-cols-2 lg:gap-10 lg:pt-6">
      <ExerciseMedia
        media={mediaOf(exercise)}
        demoKey={exercise.demoKey}
        label={exercise.name}
        className="max-h-[32dvh] lg:max-h-none"
      />
      <div className="grid content-start gap-4">
        <div>
          <p className="text-sm font-bold tracking-widest text-brand-500 uppercase">
            Day {data.day} · about {minutes(data.estimatedSeconds)}
          </p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight">{exercise.name}</h1>
          <p className="mt-2 text-zinc-300">{exercise.exercise}</p>
        </div>
        <ul className="flex flex-wrap gap-2 text-sm">
          {facts.map((fact) => (
            <li key={fact} className="rounded-full bg-white/10 px-3 py-1.5 font-medium">
              {fact}
            </li>
          ))}
        </ul>
        {note && <p className="rounded-lg bg-white/10 p-3 text-sm text-zinc-200">{note}</p>}
        <ol aria-label="Steps" className="grid gap-1 text-sm text-zinc-300">
          {steps.map((step) => (
            <li key={step.id} className="flex justify-between gap-4 border-b border-white/10 py-1.5">
              <span>{step.kind === 'work' ? phaseLabel(step, steps) : step.title}</span>
              <span className="tabular-nums text-zinc-400">{stepTarget(step)}</span>
            </li>
          ))}
        </ol>
        <p className="hidden text-xs text-zinc-400 lg:block">Space pauses and resumes.</p>
      </div>
      <div className="fixed inset-x-0 bottom-0 bg-gradient-to-t from-zinc-950 via-zinc-950 to-transparent px-4 pt-6 pb-4">
        <button
          type="button"
          onClick={() => {
            unlockAudio();
            onStart();
          }}
          className="mx-auto flex h-16 w-full max-w-md items-center justify-center gap-2 rounded-full bg-brand-600 text-lg font-bold hover:bg-brand-700 focus-visible:outline-white"
        >
          <Play className="size-6" aria-hidden /> Start
        </button>
      </div>
    </div>
  );
}
