import { DAYS_PER_WEEK } from '@core28/core/program';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Flame, Trophy } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { formatNumber, pluralWord } from '@/lib/format';
import { formatLocalDate } from '@/lib/member-date';
import { isReachable } from '@/lib/use-online';
import { NextSteps } from './next-steps';
import { RoundExercises, RoundFeeling, RoundWeeks } from './round-results-parts';
import { compactDuration } from './round-view';
import { roundResultsQuery } from './rounds-api';
import { ShareCard } from './share-card';

/** /program/rounds/:number: a round's results, against the round before, and what comes next. */
export default function RoundResultsPage() {
  const param = useParams().number;
  const number = Number(param);
  const isNumber = Number.isInteger(number) && number >= 1;
  const results = useQuery({ ...roundResultsQuery(number), enabled: isNumber });

  if (!isNumber) return <Missing text={`There is no round ${param}.`} />;
  if (results.isPending) return <PageSpinner />;
  if (results.isError) {
    const error = results.error;
    if (error instanceof ApiError && error.status === 404)
      return <Missing text={`There is no round ${number}.`} />;
    const message =
      error instanceof ApiError && error.code === 'NETWORK' && !isReachable()
        ? "You're offline. Your results open here as soon as you're back online."
        : 'Failed to load your results';
    return <LoadError message={message} onRetry={() => results.refetch()} className="py-16" />;
  }

  const { round, results: figures, before, next } = results.data;
  const finishedOn = round.finishedOn
    ? formatLocalDate(round.finishedOn, { month: 'long', day: 'numeric', year: 'numeric' })
    : null;
  const isFinished = round.status === 'finished';
  const weeks = Math.ceil(figures.length / DAYS_PER_WEEK);
  const stats = [
    { label: 'Days done', value: `${figures.daysDone}`, unit: `of ${figures.length}` },
    { label: 'Time trained', value: compactDuration(figures.totalSeconds), unit: '' },
    { label: 'Reps', value: formatNumber(figures.totalReps), unit: '' },
    { label: 'Best streak', value: `${figures.bestStreak}`, unit: pluralWord('day', figures.bestStreak) },
  ];

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-6 sm:gap-8 sm:px-6 sm:py-10">
      <Link
        to="/program"
        className="inline-flex min-h-11 w-fit items-center gap-1 text-sm font-semibold text-zinc-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Your program
      </Link>
      <header className="theme-fixed grid gap-5 rounded-3xl bg-gradient-to-br from-zinc-950 via-zinc-900 to-brand-700 p-6 text-white sm:p-8">
        <div className="flex items-center gap-3">
          <span className="grid size-12 shrink-0 place-items-center rounded-full bg-white/10">
            <Trophy className="size-6 text-accent-400" aria-hidden />
          </span>
          <div>
            <p className="text-sm font-semibold tracking-widest text-zinc-300 uppercase">
              {round.program.name} · Round {round.number}
            </p>
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
              {isFinished ? 'Round complete' : 'Your round so far'}
            </h1>
          </div>
        </div>
        {finishedOn && <p className="text-zinc-200">Finished on {finishedOn}</p>}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="grid gap-0.5 rounded-2xl bg-white/10 p-4">
              <dt className="text-xs font-semibold tracking-wide text-zinc-300 uppercase">{stat.label}</dt>
              <dd className="text-2xl font-black tabular-nums sm:text-3xl">
                {stat.value}{' '}
                {stat.unit && <span className="text-sm font-semibold text-zinc-300">{stat.unit}</span>}
              </dd>
            </div>
          ))}
        </dl>
      </header>

      {isFinished && round.isCurrent && (
        <section
          aria-labelledby="up-next-heading"
          className="grid gap-3 rounded-2xl border border-zinc-200 p-5 sm:p-6"
        >
          <h2 id="up-next-heading" className="flex items-center gap-2 text-lg font-bold">
            <Flame className="size-5 text-brand-600" aria-hidden /> Up next
          </h2>
          <NextSteps round={round} next={next} returnTo={`/program/rounds/${round.number}`} />
        </section>
      )}

      <RoundWeeks perWeek={figures.perWeek} weeks={weeks} length={figures.length} />
      <RoundExercises exercises={figures.exercises} before={before} />
      <RoundFeeling feeling={figures.feeling} energy={figures.energy} />
      <ShareCard number={round.number} programName={round.program.name} />
    </div>
  );
}

function Missing({ text }: { text: string }) {
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-16 text-center">
      <p role="alert" className="text-xl font-bold">
        {text}
      </p>
      <Link to="/program" className="font-semibold text-brand-700 underline">
        Back to your program
      </Link>
    </div>
  );
}
