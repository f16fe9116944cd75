import type { SessionStep } from '@core28/core/session-plan';
import type { SessionView } from '@core28/core/session-player';
import { Check, Pause, Play, SkipForward } from 'lucide-react';
import { ExerciseMedia } from '../../exercises/exercise-media';
import type { SessionData } from '../api';
import { clock } from './player-shell';
import { RepCounter } from './rep-counter';
import { exerciseOfStep } from './step-exercise';
import { nextLabel, phaseLabel } from './step-labels';
import { unlockAudio } from './use-cues';
import type { SessionPlayer } from './use-session-player';

const roundButton =
  'grid place-items-center rounded-full font-semibold transition-colors focus-visible:outline-white disabled:opacity-50';

/** The running (or paused) session: the demonstration, the clock or the rep counter, the controls. */
export function StepScreen({
  data,
  view,
  player,
}: {
  data: SessionData;
  view: SessionView<SessionStep>;
  player: SessionPlayer;
}) {
  const step = view.step;
  if (!step) return null;
  const isPaused = view.status === 'paused';
  const isReps = step.durationSeconds === null;
  const steps = view.state.steps;
  // A rest shows what comes next; work steps show the coach's video when there is one.
  const shown = step.kind === 'rest' && view.next ? view.next : step;
  // A day of several exercises: each step shows its own exercise, not the day's first.
  const exerciseOf = (of: SessionStep) =>
    exerciseOfStep(
      of,
      data.exercises.map((item) => item.exercise),
      data.exercise,
    );
  const exercise = exerciseOf(step);
  const shownExercise = exerciseOf(shown);
  const heading = step.kind === 'work' ? exercise.name : step.title;
  const tap = (action: () => void) => () => {
    unlockAudio();
    action();
  };

  return (
    <div className="mx-auto grid min-h-0 w-full max-w-6xl flex-1 grid-rows-[auto_minmax(0,1fr)_auto] gap-3 px-4 pb-4 lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:gap-x-10 lg:pb-8">
      <StepProgress steps={steps} index={view.index} />
      <div className="flex min-h-0 items-center justify-center lg:row-start-2">
        <ExerciseMedia
          media={shown.kind === 'work' && 'media' in shownExercise ? shownExercise.media : null}
          demoKey={shown.demoKey}
          label={shown.kind === 'work' ? shownExercise.name : shown.title}
          isPaused={isPaused || step.kind === 'rest'}
          className="mx-auto h-full max-h-[min(34dvh,28rem)] w-auto max-w-full lg:max-h-[60dvh]"
        />
      </div>
      <section
        aria-labelledby="step-heading"
        className="grid content-end gap-3 text-center lg:row-start-2 lg:content-center"
      >
        <div>
          <p className="text-sm font-bold tracking-widest text-brand-500 uppercase">
            {phaseLabel(step, steps)}
            {isPaused && <span className="ml-2 rounded bg-white px-1.5 py-0.5 text-zinc-950">Paused</span>}
          </p>
          <h1 id="step-heading" className="mt-1 text-2xl font-extrabold tracking-tight sm:text-3xl">
            {heading}
          </h1>
        </div>
        {isReps ? (
          <RepCounter
            target={step.targetReps ?? 0}
            value={view.reps}
            onChange={(reps) => player.setStepReps(step.id, reps)}
          />
        ) : (
          <p
            role="timer"
            aria-label="Time left"
            className={`text-7xl leading-none font-black tabular-nums sm:text-8xl ${isPaused ? 'text-zinc-500' : ''}`}
          >
            {clock(view.secondsRemaining ?? 0)}
          </p>
        )}
        <p className="mx-auto line-clamp-2 max-w-md text-sm text-zinc-300">{step.instructions}</p>
        <p className="text-sm font-medium text-zinc-400">
          {nextLabel(view.next, view.next ? exerciseOf(view.next).name : '')}
        </p>
        <p className="sr-only" aria-live="polite">
          {`${phaseLabel(step, steps)}: ${heading}`}
        </p>
        {isReps && (
          <button
            type="button"
            onClick={tap(player.completeStep)}
            className="mx-auto flex h-14 w-full max-w-sm items-center justify-center gap-2 rounded-full bg-green-600 text-lg font-bold hover:bg-green-700 focus-visible:outline-white"
          >
            <Check className="size-6" aria-hidden /> Done
          </button>
        )}
        {/* Pause in the middle and Skip to its right on every step: the thumb learns where they are. */}
        <div className="grid grid-cols-[1fr_auto_1fr] items-center justify-items-center gap-6">
          <span />
          <button
            type="button"
            onClick={tap(player.togglePause)}
            aria-label={isPaused ? 'Resume' : 'Pause'}
            className={`${roundButton} size-20 ${isPaused ? 'bg-brand-600 hover:bg-brand-700' : 'bg-white text-zinc-950 hover:bg-zinc-200'}`}
          >
            {isPaused ? <Play className="size-9" aria-hidden /> : <Pause className="size-9" aria-hidden />}
          </button>
          <button
            type="button"
            onClick={tap(player.skip)}
            className={`${roundButton} size-16 justify-self-start bg-white/10 text-xs hover:bg-white/20`}
          >
            <SkipForward className="size-6" aria-hidden />
            Skip
          </button>
        </div>
        {isPaused && (
          <div className="flex justify-center gap-3 text-sm">
            <button
              type="button"
              onClick={player.end}
              className="rounded-lg px-4 py-3 font-semibold underline"
            >
              End workout
            </button>
            <button
              type="button"
              onClick={player.restart}
              className="rounded-lg px-4 py-3 text-zinc-400 underline"
            >
              Start over
            </button>
          </div>
        )}
      </section>
    </div>
  );
}

function StepProgress({ steps, index }: { steps: SessionStep[]; index: number }) {
  return (
    <div
      className="flex gap-1 lg:col-span-2"
      role="progressbar"
      aria-label="Workout progress"
      aria-valuemin={0}
      aria-valuemax={steps.length}
      aria-valuenow={index}
      aria-valuetext={`Step ${index + 1} of ${steps.length}`}
    >
      {steps.map((s, i) => (
        <span
          key={s.id}
          className={`h-1.5 flex-1 rounded-full ${i < index ? 'bg-brand-600' : i === index ? 'bg-white' : 'bg-white/20'}`}
        />
      ))}
    </div>
  );
}
