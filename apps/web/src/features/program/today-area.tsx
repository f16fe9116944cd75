import { mayTrainRound } from '@core28/core/entitlements';
import { useQuery } from '@tanstack/react-query';
import { cn } from '@/lib/class-names';
import { useViewer } from '@/lib/viewer';
import { programQuery, useDayRollover } from './api';
import { FoundationsOffer } from './foundations-offer';
import { RoundBehindCard, RoundFinishedCard, useBehindDismissal } from './round-cards';
import { TodaySessionCard } from './today-session-card';

/**
 * The top of the member's home and of /program, following their round (docs/decisions/0026):
 * today's session while it runs; after a break, continue or start again above it; once finished,
 * when it ended, its results and what comes next instead of a session. A beginner on their first
 * days of Core28 is offered Foundations.
 */
export function TodayArea({
  className,
  headingLevel = 2,
  onLocked,
}: {
  className?: string;
  headingLevel?: 1 | 2;
  onLocked?: () => void;
}) {
  const program = useQuery(programQuery());
  const { subscription } = useViewer();
  const state = program.data;
  useDayRollover(state);
  const behind = useBehindDismissal(state);
  if (!state) return <div className={cn('h-56 animate-pulse rounded-2xl bg-zinc-100 sm:h-40', className)} />;
  const { round } = state;
  const entitlements = subscription?.entitlements;
  // Continuing trains the round's days: a plan that trains them all (and this round's program).
  const mayContinue =
    entitlements?.train === 'all' &&
    mayTrainRound(entitlements, { number: round.number, slug: round.program.slug });

  const isBehindOffered = round.status === 'behind' && mayContinue && !behind.isDismissed;

  if (round.status === 'finished')
    return (
      <div className={cn('grid gap-4', className)}>
        <RoundFinishedCard state={state} headingLevel={headingLevel} />
      </div>
    );
  return (
    <div className={cn('grid gap-4', className)}>
      <FoundationsOffer state={state} />
      {isBehindOffered && <RoundBehindCard state={state} onDismiss={behind.dismiss} />}
      {/* Behind past the round's last day, "today" would be that last day frozen: the choice
          stands alone until it is put away for the day. */}
      {!(isBehindOffered && round.dayNumber > round.program.days) && (
        <TodaySessionCard headingLevel={headingLevel} onLocked={onLocked} />
      )}
    </div>
  );
}
