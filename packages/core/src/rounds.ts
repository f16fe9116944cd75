import { calendarDaysBetween, localDatePlusDays, localDayStart } from './local-day.ts';
import type { FitnessLevel } from './profile.ts';
import { CORE28_SLUG, currentStreak, DAYS_PER_WEEK, missedInARow } from './program.ts';
import type { Prescription } from './session-plan.ts';

// A round is one run of a program by a member (docs/decisions/0026). Inside a round every rule of
// spec §4 holds as it does for the first 28 days, counted from the round's start instead of
// registration: the day is whole calendar days since the start, plus one, clamped to the program's
// length. After the last day the member is between rounds, and the streak counts calendar days.

export const MIN_PROGRAM_DAYS = 7;
export const MAX_PROGRAM_DAYS = 42;
/** Most exercises a program day holds. */
export const MAX_DAY_EXERCISES = 8;
export { CORE28_SLUG };
/** The harder program recommended after a round of Core28. */
export const NEXT_ROUND_SLUG = 'core28-round-2';
/** The gentler program offered to beginners. */
export const FOUNDATIONS_SLUG = 'foundations';
/** More days than this behind, a member is offered to continue where they stopped or start again. */
export const BEHIND_AFTER_DAYS = 2;

export const PROGRAM_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type ProgramLevel = (typeof PROGRAM_LEVELS)[number];

/**
 * running: inside the round. behind: more than BEHIND_AFTER_DAYS days without training since the
 * last completed day (or since the start), and the last day not done: continue or start again.
 * finished: the last day completed, or its date passed (and the member not far behind).
 */
export type RoundStatus = 'running' | 'behind' | 'finished';

/** The round's day, not clamped: after the last day it goes on counting (1 on the start's date). */
export const roundDayNumber = (startedAt: Date, now: Date, timeZone?: string | null) =>
  calendarDaysBetween(now, startedAt, timeZone) + 1;

export type RoundReading = {
  /** spec §4 Program day inside the round: 1..length. */
  currentDay: number;
  /** Not clamped: the calendar day since the round started. */
  dayNumber: number;
  status: RoundStatus;
  /** The highest completed day, 0 when none. */
  lastCompletedDay: number;
  /** Completed days in a row, counted in calendar days (0 once a day passes without training). */
  streak: number;
  /** Days before today not trained, back to the last completed one (calendar days). */
  missedInARow: number;
};

/** Where a member stands in a round of `length` days. */
export function readRound(
  completedDays: Iterable<number>,
  { length, dayNumber }: { length: number; dayNumber: number },
): RoundReading {
  const done = new Set([...completedDays].filter((day) => day >= 1 && day <= length));
  const lastCompletedDay = Math.max(0, ...done);
  const currentDay = Math.min(length, Math.max(1, dayNumber));
  // Unclamped: inside the round this is spec §4's reading; after it, a day without training ends
  // the streak, as the calendar says (the spec's clamped day would keep it forever).
  const streak = currentStreak(done, Math.max(1, dayNumber));
  const missed = missedInARow(done, Math.max(1, dayNumber));
  const isLastDayDone = done.has(length);
  const status: RoundStatus = isLastDayDone
    ? 'finished'
    : missed > BEHIND_AFTER_DAYS
      ? 'behind'
      : dayNumber > length
        ? 'finished'
        : 'running';
  return { currentDay, dayNumber, status, lastCompletedDay, streak, missedInARow: missed };
}

/**
 * The local date the round ended on (`yyyy-MM-dd`): the last day's completion when it was done,
 * else the last day's own date. Null while it runs.
 */
export function roundFinishedOn(
  reading: RoundReading,
  {
    startedAt,
    length,
    lastDayCompletedOn,
    timeZone,
  }: { startedAt: Date; length: number; lastDayCompletedOn: string | null; timeZone?: string | null },
): string | null {
  if (reading.status !== 'finished') return null;
  return lastDayCompletedOn ?? localDatePlusDays(startedAt, length - 1, timeZone);
}

/**
 * Continuing after a break: the start moves so that today is the day after the last completed one
 * (day 1 when none was). The new start is that day's local midnight.
 */
export function continuedStart(lastCompletedDay: number, now: Date, timeZone?: string | null): Date {
  return localDayStart(now, -lastCompletedDay, timeZone);
}

/** How many weeks (tabs) a program of `length` days has. */
export const weeksOf = (length: number) => Math.ceil(length / DAYS_PER_WEEK);

// ---- prescriptions that fit the member ----

const roundTo = (value: number, step: number) => Math.round(value / step) * step;
const within = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A beginner's first round: the same exercises (spec §4's day-to-exercise rule holds), about half
 * the sets and reps and two-thirds of the hold: Core28's day 1, Dead Bug 6 × 20, becomes 3 × 10,
 * what the exercise's own instructions teach.
 */
export function beginnerPrescription(p: Prescription): Prescription {
  return {
    sets: within(Math.ceil(p.sets / 2), 1, p.sets),
    workSeconds:
      p.workSeconds === null ? null : within(roundTo((p.workSeconds * 2) / 3, 5), 10, p.workSeconds),
    targetReps: p.targetReps === null ? null : within(Math.ceil(p.targetReps / 2), 1, p.targetReps),
    restSeconds: p.restSeconds,
  };
}

/**
 * Each earlier round of the same program makes this one harder: holds and reps grow by a tenth a
 * round, up to half as much again ("repeat it with longer holds"), within the prescription bounds.
 */
export function repeatedPrescription(p: Prescription, earlierRounds: number): Prescription {
  if (earlierRounds <= 0) return p;
  const factor = 1 + Math.min(0.5, earlierRounds / 10);
  return {
    ...p,
    workSeconds: p.workSeconds === null ? null : within(roundTo(p.workSeconds * factor, 5), 10, 300),
    targetReps: p.targetReps === null ? null : within(Math.round(p.targetReps * factor), 1, 100),
  };
}

export type RoundScaling = {
  fitnessLevel: FitnessLevel | null;
  /** The member's round number (1: the first round of all). */
  roundNumber: number;
  /** Earlier rounds of the same program by the member. */
  earlierRoundsOfProgram: number;
};

/** The prescription a member does in a round: their level on their first round, harder on repeats. */
export function scaledPrescription(p: Prescription, scaling: RoundScaling): Prescription {
  if (scaling.roundNumber === 1 && scaling.fitnessLevel === 'beginner') return beginnerPrescription(p);
  return repeatedPrescription(p, scaling.earlierRoundsOfProgram);
}

/** Whether a member's round is scaled at all (the plan says so beside each day). */
export const isScaled = (scaling: RoundScaling) =>
  (scaling.roundNumber === 1 && scaling.fitnessLevel === 'beginner') || scaling.earlierRoundsOfProgram > 0;

// ---- the coach's reading of a member's round ----

/** Where a member stands in their current round, as the coach's lists show it. */
export type RoundStanding = {
  number: number;
  program: { slug: string; name: string; days: number };
  status: RoundStatus;
  currentDay: number;
  lastCompletedDay: number;
  /** The local date the round ended on (roundFinishedOn), while finished. */
  finishedOn: string | null;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `2026-12-30` → "Dec 30": a local date is a calendar date, shown without a zone's shift. */
export const shortLocalDate = (date: string) => {
  const [, month, day] = date.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}`;
};

/**
 * One line for the coach: "Foundations · round 2 · day 5" inside a round, "Behind since day 20"
 * (the day after the last completed one), "Between rounds since Dec 30" after its end.
 */
export function roundStandingLabel(standing: RoundStanding): string {
  if (standing.status === 'finished' && standing.finishedOn)
    return `Between rounds since ${shortLocalDate(standing.finishedOn)}`;
  if (standing.status === 'behind') return `Behind since day ${standing.lastCompletedDay + 1}`;
  return `${standing.program.name} · round ${standing.number} · day ${standing.currentDay}`;
}
