import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, Check, Dumbbell, Lock, Timer } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/class-names';
import { plural } from '@/lib/format';
import { toast } from '@/lib/toast';
import { isReachable } from '@/lib/use-online';
import { paymentPath } from '../subscriptions/paywall';
import { programQuery } from './api';
import { type LibraryProgram, programsQuery, toastRoundError, useStartRound } from './rounds-api';

const LEVEL_STYLE: Record<string, string> = {
  beginner: 'bg-green-100 text-green-800',
  intermediate: 'bg-accent-100 text-accent-900',
  advanced: 'bg-brand-100 text-brand-700',
};

/** Said before a program replaces a round still running. */
export const ROUND_ENDS = 'Your current round ends; its history stays.';

/** /programs: the library of programs, the member's own marked, and starting another. */
export default function ProgramsPage() {
  const library = useQuery(programsQuery());
  const program = useQuery(programQuery());
  const start = useStartRound();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<LibraryProgram | null>(null);

  if (library.isPending) return <PageSpinner />;
  if (library.isError) {
    const isOffline = library.error instanceof ApiError && library.error.code === 'NETWORK' && !isReachable();
    return (
      <LoadError
        message={
          isOffline
            ? "You're offline. The programs open here as soon as you're back online."
            : 'Failed to load the programs'
        }
        onRetry={() => library.refetch()}
        className="py-16"
      />
    );
  }

  const round = program.data?.round;
  // A round still going ends when another starts: the member says so first.
  const isRunning = round !== undefined && round.status !== 'finished';
  const onStart = (choice: LibraryProgram) =>
    start.mutate(choice.slug, {
      onSuccess: (state) => {
        setConfirm(null);
        toast.success(`${state.round.program.name} started`, {
          description: `Round ${state.round.number}: day 1 is today.`,
        });
        navigate('/program');
      },
      onError: (error) => {
        setConfirm(null);
        toastRoundError(error);
      },
    });
  const onChoose = (choice: LibraryProgram) => (isRunning ? setConfirm(choice) : onStart(choice));

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:gap-8 sm:px-6 sm:py-10">
      <div className="grid gap-2">
        <Link
          to="/program"
          className="inline-flex min-h-11 w-fit items-center gap-1 text-sm font-semibold text-zinc-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden /> Your program
        </Link>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Programs</h1>
        <p className="max-w-2xl text-zinc-600">
          Every program is a daily habit: a few focused exercises, about the same time each day. Your rounds
          and their results stay in your history whichever you choose.
        </p>
      </div>
      <ul className="grid gap-4 md:grid-cols-2">
        {library.data.programs.map((item) => (
          <li key={item.id}>
            <ProgramCard
              program={item}
              isRoundRunning={isRunning}
              isPending={start.isPending && start.variables === item.slug}
              onChoose={() => onChoose(item)}
            />
          </li>
        ))}
      </ul>

      <Dialog open={confirm !== null} onOpenChange={(open) => !open && setConfirm(null)}>
        <DialogContent>
          <DialogTitle>Start {confirm?.name}?</DialogTitle>
          <DialogDescription>{ROUND_ENDS}</DialogDescription>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button onClick={() => confirm && onStart(confirm)} disabled={start.isPending}>
              Start {confirm?.name}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ProgramCard({
  program,
  isRoundRunning,
  isPending,
  onChoose,
}: {
  program: LibraryProgram;
  isRoundRunning: boolean;
  isPending: boolean;
  onChoose: () => void;
}) {
  const isCurrentRunning = program.isCurrent && isRoundRunning;
  const facts = [
    { icon: CalendarDays, text: `${program.days} days` },
    { icon: Timer, text: `About ${program.minutesPerDay} min a day` },
    {
      icon: Dumbbell,
      text: `${plural('exercise', program.exercisesPerDay)} a day`,
    },
  ];
  return (
    <article
      aria-labelledby={`program-${program.slug}`}
      className={cn(
        'grid h-full content-start gap-4 rounded-2xl border p-5 sm:p-6',
        program.isCurrent
          ? 'border-brand-600 bg-brand-50/40 ring-2 ring-brand-600/20'
          : 'border-zinc-200 bg-white',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-bold capitalize',
            LEVEL_STYLE[program.level],
          )}
        >
          {program.level}
        </span>
        {program.isCurrent && (
          <span className="inline-flex items-center gap-1 rounded-full bg-zinc-900 px-2.5 py-0.5 text-xs font-bold text-white">
            <Check className="size-3.5" aria-hidden /> Your program
          </span>
        )}
      </div>
      <div className="grid gap-1">
        <h2 id={`program-${program.slug}`} className="text-xl font-extrabold tracking-tight">
          {program.name}
        </h2>
        <p className="text-sm text-zinc-700">{program.description}</p>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-zinc-700">
        {facts.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-1.5">
            <Icon className="size-4 text-zinc-500" aria-hidden /> {text}
          </li>
        ))}
      </ul>
      <div className="mt-auto">
        {isCurrentRunning ? (
          <Button asChild size="lg" variant="outline" className="h-12 w-full sm:w-fit">
            <Link to="/program">Go to today</Link>
          </Button>
        ) : program.isLocked ? (
          <div className="grid gap-2">
            <p className="flex items-center gap-2 text-sm text-zinc-700">
              <Lock className="size-4 shrink-0" aria-hidden /> Needs The Daily Core
            </p>
            <Button asChild size="lg" variant="secondary" className="h-12 w-full sm:w-fit">
              <Link to={paymentPath('daily-core', '/programs')}>Choose a plan</Link>
            </Button>
          </div>
        ) : (
          <Button size="lg" className="h-12 w-full sm:w-fit" disabled={isPending} onClick={onChoose}>
            {program.isCurrent ? `Start ${program.name} again` : `Start ${program.name}`}
          </Button>
        )}
      </div>
    </article>
  );
}
