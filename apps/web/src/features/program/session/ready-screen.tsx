import { CORE28_SLUG } from '@core28/core/program';
import { type Prescription, SECONDS_PER_REP } from '@core28/core/session-plan';
import { Play } from 'lucide-react';
import { ExerciseMedia } from '../../exercises/exercise-media';
import type { SessionData } from '../api';
import { CoachAdjusted } from '../coach-adjusted';
import { clock } from './player-shell';
import { exerciseIndexOf } from './step-exercise';
import { unlockAudio } from './use-cues';

/** "Foundations", "Core28 Round 2+ · Round 2". */
const roundLabel = (round: SessionData['round']) =>
  round.number > 1 ? `${round.program.name} · Round ${round.number}` : round.program.name;

const minutes = (seconds: number) => `${Math.max(1, Math.round(seconds / 60))} min`;

/** What the session holds, and Start (a tap, so sound may play from here on). */
export function ReadyScreen({ data, onStart }: { data: SessionData; onStart: () => void }) {
  const { exercise, prescription, steps } = data;
  const sum = (kind: string) =>
    steps.filter((s) => s.kind === kind).reduce((total, s) => total + (s.durationSeconds ?? 0), 0);
  const workOf = (p: Prescription) =>
    p.targetReps !== null
      ? `${p.sets} sets × ${p.targetReps} reps`
      : `${p.sets} sets × ${clock(p.workSeconds ?? 0)}`;
  const items = data.exercises.length > 0 ? data.exercises : [{ exercise, prescription }];
  const isSeveral = items.length > 1;
  const work = isSeveral ? `${items.length} exercises` : workOf(prescription);
  const facts = [`Warm-up ${minutes(sum('warmup'))}`, work, `Cool-down ${minutes(sum('cooldown'))}`];
  const titles = (kind: string) =>
    steps
      .filter((s) => s.kind === kind)
      .map((s) => s.title)
      .join(', ');
  // Each exercise's share of the work: its own steps (sets and the rests after them).
  const secondsOf = (index: number) =>
    steps
      .filter((s) => exerciseIndexOf(s) === index)
      .reduce((total, s) => total + (s.durationSeconds ?? (s.targetReps ?? 0) * SECONDS_PER_REP), 0);
  const restText = (p: Prescription) =>
    p.restSeconds
      ? `${workOf(p)}, ${clock(p.restSeconds)} rest between sets`
      : `${workOf(p)}, no rest between sets`;
  const groups = [
    { key: 'warmup', name: 'Warm-up', seconds: sum('warmup'), detail: titles('warmup') },
    ...items.map((item, index) => ({
      key: `exercise-${index}`,
      name: item.exercise.name,
      seconds: isSeveral ? secondsOf(index) : data.estimatedSeconds - sum('warmup') - sum('cooldown'),
      detail: restText(item.prescription),
    })),
    { key: 'cooldown', name: 'Cool-down', seconds: sum('cooldown'), detail: titles('cooldown') },
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
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight">
            {isSeveral ? items.map((item) => item.exercise.name).join(' · ') : exercise.name}
          </h1>
          {data.round.number > 1 || data.round.program.slug !== CORE28_SLUG ? (
            <p className="mt-1 text-sm font-semibold text-zinc-400">{roundLabel(data.round)}</p>
          ) : null}
          {!isSeveral && <p className="mt-2 text-zinc-300">{exercise.exercise}</p>}
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
            <div key={group.key} className="grid gap-0.5 border-b border-white/10 pb-3">
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
