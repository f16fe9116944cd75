import { Play } from 'lucide-react';
import { ExerciseMedia } from '../../exercises/exercise-media';
import type { SessionData } from '../api';
import { CoachAdjusted } from '../coach-adjusted';
import { clock } from './player-shell';
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
  const facts = [`Warm-up ${minutes(sum('warmup'))}`, work, `Cool-down ${minutes(sum('cooldown'))}`];
  const titles = (kind: string) =>
    steps
      .filter((s) => s.kind === kind)
      .map((s) => s.title)
      .join(', ');
  const workSeconds = data.estimatedSeconds - sum('warmup') - sum('cooldown');
  const groups = [
    { name: 'Warm-up', seconds: sum('warmup'), detail: titles('warmup') },
    {
      name: exercise.name,
      seconds: workSeconds,
      detail: prescription.restSeconds
        ? `${work}, ${clock(prescription.restSeconds)} rest between sets`
        : `${work}, no rest between sets`,
    },
    { name: 'Cool-down', seconds: sum('cooldown'), detail: titles('cooldown') },
  ];
  const note = data.isCompleted
    ? `You completed Day ${data.day}. A replay saves your new time and reps.`
    : data.isToday
      ? null
      : `Finishing marks Day ${data.day} as completed.`;

  return (
    <div className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-6 px-4 pb-28 lg:grid-cols-2 lg:gap-x-10 lg:gap-y-6 lg:pt-6 lg:pb-10">
      <ExerciseMedia
        media={exercise.media}
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
        {data.adjusted && <CoachAdjusted note={data.note} tone="dark" />}
        <ul className="flex flex-wrap gap-2 text-sm">
          {facts.map((fact) => (
            <li key={fact} className="rounded-full bg-white/10 px-3 py-1.5 font-medium">
              {fact}
            </li>
          ))}
        </ul>
        {note && <p className="rounded-lg bg-white/10 p-3 text-sm text-zinc-200">{note}</p>}
        <dl className="grid gap-3 text-sm">
          {groups.map((group) => (
            <div key={group.name} className="grid gap-0.5 border-b border-white/10 pb-3">
              <dt className="flex justify-between font-semibold">
                {group.name} <span className="tabular-nums text-zinc-400">{clock(group.seconds)}</span>
              </dt>
              <dd className="text-zinc-300">{group.detail}</dd>
            </div>
          ))}
        </dl>
        <p className="hidden text-xs text-zinc-400 lg:block">Space pauses and resumes.</p>
      </div>
      <div className="fixed inset-x-0 bottom-0 bg-gradient-to-t from-zinc-950 via-zinc-950 to-transparent px-4 pt-6 pb-4 lg:static lg:col-start-2 lg:bg-none lg:p-0">
        <button
          type="button"
          onClick={() => {
            unlockAudio();
            onStart();
          }}
          className="mx-auto flex h-16 w-full max-w-md items-center lg:mx-0 justify-center gap-2 rounded-full bg-brand-600 text-lg font-bold hover:bg-brand-700 focus-visible:outline-white"
        >
          <Play className="size-6" aria-hidden /> Start
        </button>
      </div>
    </div>
  );
}
