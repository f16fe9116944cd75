import { CORE28_SLUG, DAYS_PER_WEEK, WEEK_NAMES } from '@core28/core/program';
import { FOUNDATIONS_SLUG, weeksOf } from '@core28/core/rounds';

// How /program and the home read the member's round (docs/decisions/0026): its weeks, its title,
// what to offer next. Pure, so the rules are tested without a page.

/** What of GET /api/program's `round` these read. */
export type RoundShape = {
  id: number;
  number: number;
  program: { slug: string; name: string; days: number };
  status: 'running' | 'behind' | 'finished';
  lastCompletedDay: number;
  finishedOn: string | null;
};

/** The week tabs of a program of `length` days: Core28 keeps its four named weeks. */
export function weekTabs(slug: string, length: number) {
  return Array.from({ length: weeksOf(length) }, (_, i) => {
    const week = i + 1;
    const name = slug === CORE28_SLUG ? WEEK_NAMES[i] : undefined;
    return { week, label: name ? `Week ${week}: ${name}` : `Week ${week}`, name: name ?? `Week ${week}` };
  });
}

/** The tab open by default: the week of the current day, within the program. */
export const roundDefaultWeek = (currentDay: number, length: number) =>
  Math.min(weeksOf(length), Math.max(1, Math.ceil(currentDay / DAYS_PER_WEEK)));

/** The days of one week that the program has (its last week may be short). */
export const daysInWeek = (week: number, length: number) =>
  Array.from({ length: DAYS_PER_WEEK }, (_, i) => (week - 1) * DAYS_PER_WEEK + i + 1).filter(
    (day) => day <= length,
  );

/** "Your 28-Day Program" for the first round of Core28 (as ever); else the program and the round. */
export function roundEyebrow(round: Pick<RoundShape, 'number' | 'program'>) {
  if (round.program.slug === CORE28_SLUG && round.number === 1) return 'Your 28-Day Program';
  return round.number > 1 ? `${round.program.name} · Round ${round.number}` : round.program.name;
}

/** The next round's words: "Start round 2 — harder" when the next is the harder program. */
export function nextStepLabels(round: Pick<RoundShape, 'number' | 'program'>, next: { recommended: string }) {
  const nextNumber = round.number + 1;
  const isHarder = next.recommended !== round.program.slug;
  return {
    recommended: isHarder ? `Start round ${nextNumber} — harder` : `Start round ${nextNumber}`,
    repeat: isHarder ? `Repeat ${round.program.name}` : 'Repeat',
  };
}

/** What comes after a round of `slug`: Core28 leads to its harder Round 2+, any other to itself. */
export const nextStepsOf = (slug: string) => ({
  recommended: slug === CORE28_SLUG ? 'core28-round-2' : slug,
  repeat: slug,
});

/**
 * A beginner at the start of their first round of Core28 (three days done or fewer) is offered the
 * gentler Foundations; nobody is moved without choosing.
 */
export function isFoundationsOffered({
  fitnessLevel,
  round,
  daysDone,
}: {
  fitnessLevel: string | null | undefined;
  round: Pick<RoundShape, 'number' | 'program' | 'status'>;
  daysDone: number;
}) {
  return (
    fitnessLevel === 'beginner' &&
    round.number === 1 &&
    round.program.slug === CORE28_SLUG &&
    round.status !== 'finished' &&
    daysDone <= 3
  );
}
export { FOUNDATIONS_SLUG };

/** "+10 s", "−5 s", "+3 reps", "same": one figure against the round before. */
export function deltaText(now: number | null, before: number | null | undefined, unit: 's' | 'reps') {
  if (now === null || before === null || before === undefined) return null;
  const change = now - before;
  if (change === 0) return 'same';
  return `${change > 0 ? '+' : '−'}${Math.abs(change)} ${unit}`;
}

/** Feeling and energy's move from the first week to the last: "3.0 → 4.5 (+1.5)". */
export function movementText(move: { first: number; last: number; change: number } | null) {
  if (!move) return null;
  const sign = move.change > 0 ? '+' : move.change < 0 ? '−' : '±';
  return `${move.first.toFixed(1)} → ${move.last.toFixed(1)} (${sign}${Math.abs(move.change).toFixed(1)})`;
}

/** "1 h 12 min", "18 min", "0 min". */
export function durationText(seconds: number) {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The same in a stat tile's width: "6h 55m", "18 min". */
export function compactDuration(seconds: number) {
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

type Best = {
  category: string;
  bestHoldSeconds: number | null;
  mostReps: number | null;
  before: { bestHoldSeconds: number | null; mostReps: number | null } | null;
};

/** How much an exercise's best moved against the round before (null: nothing to compare). */
export function bestChange(e: Best) {
  const isHold = e.category === 'time';
  const now = isHold ? e.bestHoldSeconds : e.mostReps;
  const before = isHold ? e.before?.bestHoldSeconds : e.before?.mostReps;
  return now === null || before === null || before === undefined ? null : now - before;
}

/**
 * The bests in the order a member reads them: the biggest gains first, then the other figures,
 * the exercises not logged last (the round's own order within each).
 */
export function orderBests<E extends Best>(exercises: readonly E[]): E[] {
  const rank = (e: E) => {
    const change = bestChange(e);
    if (change !== null) return [0, -change] as const;
    return [(e.category === 'time' ? e.bestHoldSeconds : e.mostReps) === null ? 2 : 1, 0] as const;
  };
  return exercises
    .map((e, index) => ({ e, index, rank: rank(e) }))
    .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.index - b.index)
    .map(({ e }) => e);
}

// ---- the behind card, put away for the rest of the day ----

const dismissKey = (userId: string, roundId: number) => `core28.behind-dismissed.${userId}.${roundId}`;

/** Whether the member put the behind card away today (`today`: their local `yyyy-MM-dd`). */
export function isBehindDismissed(userId: string, roundId: number, today: string) {
  try {
    return localStorage.getItem(dismissKey(userId, roundId)) === today;
  } catch {
    return false;
  }
}

export function dismissBehind(userId: string, roundId: number, today: string) {
  try {
    localStorage.setItem(dismissKey(userId, roundId), today);
  } catch {
    // Blocked storage: the card comes back on the next page, as it would tomorrow.
  }
}
