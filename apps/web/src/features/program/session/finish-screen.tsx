import { energyPercent } from '@core28/core/program';
import { sessionSummary } from '@core28/core/session-player';
import { useQuery } from '@tanstack/react-query';
import { Minus, Plus, Trophy } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import type { SessionData } from '../api';
import { programQuery, useFinishSession } from '../api';
import { finishPraise, finishToast, isNothingDone } from './finish-words';
import { clock } from './player-shell';
import { RatingChoice } from './rating-choice';
import { SkippedEverySet } from './skipped-every-set';
import { setsByExercise } from './step-exercise';
import type { SessionPlayer } from './use-session-player';

const DEFAULT_RATING = 3; // spec §5

/** The day done: time and reps (reps correctable), feeling and energy for today, and Finish. */
export function FinishScreen({ data, player }: { data: SessionData; player: SessionPlayer }) {
  const { session } = player;
  const summary = sessionSummary(session.player, session.player.finishedAt ?? Date.now());
  const reps = session.reps ?? summary.totalReps;
  // A day from before days of several exercises lists none: its one exercise is the day's own.
  const items = data.exercises.length > 0 ? data.exercises : [data];
  const counts = setsByExercise(
    items.map((item) => ({ name: item.exercise.name, sets: item.prescription.sets })),
    summary.steps,
  );
  const praise = finishPraise(counts);
  const finish = useFinishSession();
  const navigate = useNavigate();
  const day = data.day;
  // Today's wellness already logged (on /program) shows chosen; a tap here changes it.
  const program = useQuery({ ...programQuery(), enabled: data.isToday });
  const logged = program.data?.wellness.find((w) => w.day === day);
  const feeling = session.feeling ?? logged?.feeling ?? null;
  const energy = session.energy ?? logged?.energy ?? null;

  const onFinish = () => {
    // Sent only when the member chose here; feeling and energy go together, one chosen takes the
    // logged value or the spec's default for the other.
    const hasWellness = data.isToday && (session.feeling !== null || session.energy !== null);
    const body = {
      totalSeconds: summary.totalActiveSeconds,
      reps,
      ...(hasWellness && { feeling: feeling ?? DEFAULT_RATING, energy: energy ?? DEFAULT_RATING }),
    };
    finish.mutate(
      { day, idempotencyKey: player.keyFor(JSON.stringify(body)), body },
      {
        onSuccess: ({ outcome, wasQueued, round }) => {
          player.forget();
          // The round's last day: its results screen says it all (docs/decisions/0026). Saved
          // offline, the results wait for the server, and the usual words say it was kept.
          if (outcome.completedNow && round.status === 'finished' && !wasQueued) {
            navigate(`/program/rounds/${round.number}`, { replace: true });
            return;
          }
          // spec §8's texts, in one toast: three stacked covered the header.
          const { kind, title, description } = finishToast(outcome, day, data.isToday);
          toast[kind](title, { description });
          navigate('/program', { replace: true });
        },
        onError: (error) => {
          const description =
            error instanceof ApiError && error.status === 400
              ? error.message
              : data.isCompleted
                ? 'Failed to save exercise progress'
                : data.isToday
                  ? 'Failed to mark workout as completed'
                  : 'Failed to mark day as completed';
          toast.error('Error', { description });
        },
      },
    );
  };

  // Nothing done on a day not yet done: a question, not praise (the spec's completion stays allowed).
  if (isNothingDone(counts) && !data.isCompleted)
    return (
      <SkippedEverySet
        day={day}
        time={clock(summary.totalActiveSeconds)}
        isSaving={finish.isPending}
        onConfirm={onFinish}
        onBack={player.restart}
      />
    );

  return (
    <div className="mx-auto grid w-full max-w-xl flex-1 content-start gap-6 px-4 pt-2 pb-6">
      <div className="grid justify-items-center gap-2 text-center">
        <span className="grid size-16 place-items-center rounded-full bg-brand-600">
          <Trophy className="size-8" aria-hidden />
        </span>
        {/* A replay with nothing done says so; it is not "done!" either. */}
        <h1 className="text-3xl font-extrabold tracking-tight">
          {praise ? `Day ${day} done!` : `Day ${day} replay`}
        </h1>
        <p className="text-zinc-300">{praise ?? 'You skipped every set.'}</p>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="grid content-start gap-1 rounded-2xl bg-white/10 p-4 text-center">
          <dt className="text-sm text-zinc-400">Total time</dt>
          <dd className="text-4xl font-black tabular-nums">{clock(summary.totalActiveSeconds)}</dd>
        </div>
        <div className="grid content-start gap-1 rounded-2xl bg-white/10 p-4 text-center">
          <dt className="text-sm text-zinc-400">
            <label htmlFor="finish-reps">Reps</label>
          </dt>
          <dd className="flex items-center justify-center gap-1">
            <StepButton
              label="One rep fewer"
              onClick={() => player.setFinish({ reps: Math.max(0, reps - 1) })}
            >
              <Minus aria-hidden />
            </StepButton>
            <input
              id="finish-reps"
              type="number"
              inputMode="numeric"
              min={0}
              max={100_000}
              value={reps}
              onChange={(e) => {
                const value = Number.parseInt(e.target.value, 10);
                player.setFinish({ reps: Number.isNaN(value) ? 0 : Math.min(100_000, Math.max(0, value)) });
              }}
              className="w-20 bg-transparent text-center text-4xl font-black tabular-nums [appearance:textfield] focus-visible:outline-white [&::-webkit-inner-spin-button]:appearance-none"
            />
            <StepButton label="One rep more" onClick={() => player.setFinish({ reps: reps + 1 })}>
              <Plus aria-hidden />
            </StepButton>
          </dd>
        </div>
      </dl>
      {data.isToday && (
        <div className="grid gap-4 rounded-2xl bg-white/5 p-4">
          <RatingChoice
            name="feeling"
            legend="How do you feel today?"
            value={feeling}
            onChange={(feeling) => player.setFinish({ feeling })}
            optionLabel={(n) => `${n} / 5`}
          />
          <RatingChoice
            name="energy"
            legend="Energy level"
            value={energy}
            onChange={(energy) => player.setFinish({ energy })}
            optionLabel={(n) => `${energyPercent(n)}%`}
          />
        </div>
      )}
      <button
        type="button"
        onClick={onFinish}
        disabled={finish.isPending}
        className="h-16 rounded-full bg-brand-600 text-lg font-bold hover:bg-brand-700 focus-visible:outline-white disabled:opacity-60"
      >
        {finish.isPending ? 'Saving…' : 'Finish'}
      </button>
    </div>
  );
}

function StepButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="grid size-11 shrink-0 place-items-center rounded-full bg-white/10 hover:bg-white/20 focus-visible:outline-white [&_svg]:size-5"
    >
      {children}
    </button>
  );
}
