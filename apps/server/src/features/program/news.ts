import { achievements } from '@core28/core/program';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { rounds, workoutCompletions } from '../../platform/db/schema.ts';
import { addNews } from '../news/service.ts';

const BADGES = [
  ['coreWarrior', 'Core Warrior'],
  ['perfectWeek', 'Perfect Week'],
  ['consistencyKing', 'Consistency King'],
] as const;

/**
 * What a completion just earned, in "What is new", in the completion's transaction: each
 * achievement (spec §9) that holds with the day and did not without it, and the round finished
 * when its last day is done. Keyed by round, so a badge is told once per round.
 */
export async function addCompletionNews(
  tx: DbOrTx,
  {
    userId,
    roundId,
    day,
    currentDay,
    length,
    at,
  }: {
    userId: string;
    roundId: number;
    day: number;
    currentDay: number;
    length: number;
    at: Date;
  },
) {
  const done = (
    await tx
      .select({ day: workoutCompletions.dayNumber })
      .from(workoutCompletions)
      .where(eq(workoutCompletions.roundId, roundId))
  ).map((row) => row.day);
  const before = achievements(
    done.filter((d) => d !== day),
    currentDay,
    length,
  );
  const after = achievements(done, currentDay, length);
  const [round] = await tx.select({ number: rounds.number }).from(rounds).where(eq(rounds.id, roundId));
  for (const [i, week] of after.entries())
    for (const [key, name] of BADGES)
      if (week[key] && !before[i]?.[key])
        await addNews(tx, {
          userId,
          kind: 'achievement',
          title: `Achievement earned: ${name}`,
          body: key === 'consistencyKing' ? `${length} days in a row.` : `Week ${week.week}.`,
          url: '/progress',
          at,
          // Consistency King holds for every week at once: told once.
          dedupeKey: `achievement:${roundId}:${key}:${key === 'consistencyKing' ? 0 : week.week}`,
        });
  const inRound = done.filter((d) => d >= 1 && d <= length);
  // The last missing day, whichever it was (a day can be caught up after the end).
  if (inRound.length === length && inRound.includes(day))
    await addNews(tx, {
      userId,
      kind: 'round-finished',
      title: round ? `Round ${round.number} finished` : 'Round finished',
      body: `All ${length} days done. See your results and choose what is next.`,
      url: `/program/rounds/${round?.number ?? 1}`,
      // Above the badges the same day earned (newest first).
      at: new Date(at.getTime() + 1),
      dedupeKey: `round-finished:${roundId}`,
    });
}
