import { localDate } from '@core28/core/local-day';
import { achievements, PROGRAM_DAYS, programDays, programStats } from '@core28/core/program';
import { readRound } from '@core28/core/rounds';

// A day done offline changes the figures GET /api/program will answer once it is sent: the days,
// stats and achievements, and the round's reading (the last day done finishes it). Worked out here
// with the server's core rules, over the round's own length (a Foundations round is 21 days).

type RoundFields = {
  program: { days: number };
  dayNumber: number;
  status: 'running' | 'behind' | 'finished';
  lastCompletedDay: number;
  missedInARow: number;
  finishedOn: string | null;
};

type Shape = { currentDay: number; timeZone?: string | null; round?: RoundFields };

/** The state's figures recounted for the days `done` (`now`: when the last of them was done). */
export function recount<S extends Shape>(state: S, done: readonly number[], now: Date) {
  const { currentDay, round } = state;
  // An answer kept from before rounds (an older release's copy) has Core28's 28 days.
  const length = round?.program.days ?? PROGRAM_DAYS;
  const reading = round ? readRound(done, { length, dayNumber: round.dayNumber }) : null;
  return {
    days: programDays(done, currentDay, length),
    stats: programStats([...done], currentDay, { length, streak: reading?.streak }),
    achievements: achievements(done, currentDay, length),
    ...(round &&
      reading && {
        round: {
          ...round,
          status: reading.status,
          lastCompletedDay: reading.lastCompletedDay,
          missedInARow: reading.missedInARow,
          finishedOn:
            reading.status === 'finished' ? (round.finishedOn ?? localDate(now, state.timeZone)) : null,
        },
      }),
  };
}

type KeptAnswer = {
  currentDay: number;
  registrationDate: string;
  completions: { day: number }[];
  round?: unknown;
};

/**
 * An answer kept offline by an older release has no `round`: it was round 1 of Core28, counted
 * from registration. Given one here, so the pages that read the round open on it.
 */
export function withRound<S extends KeptAnswer>(state: S): S {
  if (state.round) return state;
  const lastCompletedDay = Math.max(0, ...state.completions.map((c) => c.day));
  return {
    ...state,
    round: {
      id: 0,
      number: 1,
      startedAt: state.registrationDate,
      program: {
        id: 0,
        slug: 'core28',
        name: 'Core28',
        level: 'beginner',
        days: PROGRAM_DAYS,
        circuit: false,
      },
      status: 'running',
      dayNumber: state.currentDay,
      lastCompletedDay,
      missedInARow: 0,
      finishedOn: null,
    },
  };
}
