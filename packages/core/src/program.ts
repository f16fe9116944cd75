import { calendarDaysBetween, calendarDaysTo } from './local-day.ts';

export { CORE28_SLUG } from './program-slug.ts';

// spec §4 Program day, Streak; §9 program constants. DESIGN.md: one streak and one percent everywhere.
export const PROGRAM_DAYS = 28;
export const DAYS_PER_WEEK = 7;
export const PROGRAM_WEEKS = PROGRAM_DAYS / DAYS_PER_WEEK;

/**
 * Whole calendar days since registration, plus one, not clamped: 29 and later are after the
 * program (no reminder is sent then). In the member's time zone, or UTC without one
 * (docs/decisions/0014; spec §4 counts UTC days).
 */
export const programDayNumber = (registrationDate: Date, now: Date, timeZone?: string | null) =>
  calendarDaysBetween(now, registrationDate, timeZone) + 1;

/** The same for a local date (`yyyy-MM-dd`) in the member's zone: the day a reminder is about. */
export const programDayOnDate = (registrationDate: Date, date: string, timeZone?: string | null) =>
  calendarDaysTo(date, registrationDate, timeZone) + 1;

/** spec §4 Program day: the same, clamped to 1..28. */
export function currentProgramDay(registrationDate: Date, now: Date, timeZone?: string | null): number {
  return Math.min(PROGRAM_DAYS, Math.max(1, programDayNumber(registrationDate, now, timeZone)));
}

/**
 * Consecutive completed days counting back from the current day, or from the previous day
 * when the current day is not completed yet (so today's pending workout does not break it).
 */
export function currentStreak(completedDays: Iterable<number>, currentDay: number): number {
  const done = new Set(completedDays);
  let day = done.has(currentDay) ? currentDay : currentDay - 1;
  let streak = 0;
  while (day >= 1 && done.has(day)) {
    streak++;
    day--;
  }
  return streak;
}

/**
 * Days missed in a row before the current day (today's pending workout is not missed):
 * 0 when yesterday was completed or the program has just begun.
 */
export function missedInARow(completedDays: Iterable<number>, currentDay: number): number {
  const done = new Set(completedDays);
  let missed = 0;
  for (let day = currentDay - 1; day >= 1 && !done.has(day); day--) missed++;
  return missed;
}

/** Completed days / 28 (or the round's program length), as a whole percent. */
export function progressPercent(completedCount: number, length = PROGRAM_DAYS): number {
  return Math.round((Math.min(completedCount, length) / length) * 100);
}

export type ProgramStats = {
  totalWorkouts: number;
  currentStreak: number;
  currentDay: number;
  progressPercentage: number;
};

/**
 * The program's stats; a round of another length passes it, and its streak as core rounds.ts
 * reads it between rounds.
 */
export function programStats(
  completedDays: readonly number[],
  currentDay: number,
  round: { length?: number; streak?: number } = {},
): ProgramStats {
  const length = round.length ?? PROGRAM_DAYS;
  const unique = new Set(completedDays.filter((day) => day >= 1 && day <= length));
  return {
    totalWorkouts: unique.size,
    currentStreak: round.streak ?? currentStreak(unique, currentDay),
    currentDay,
    progressPercentage: progressPercent(unique.size, length),
  };
}

// ---- spec §4 Day status, Day to exercise; §9 constants ----

export const WEEK_NAMES = [
  'Foundation Week',
  'Strength Building',
  'Power & Conditioning',
  'Mastery & Peak',
] as const;
export const MARKETING_PHASES = [
  'Week 1 Foundation',
  'Week 2 Strength',
  'Week 3 Power',
  'Week 4 Integration',
] as const;
export const MINUTES_PER_WORKOUT = 19;

export type DayStatus = 'completed' | 'current' | 'missed' | 'future';

/**
 * spec §4 Day status, with one departure (docs/decisions/0004): a day before today that was not
 * completed is missed, not styled as completed, so a member sees what they skipped.
 */
export function dayStatus(day: number, currentDay: number, completed: ReadonlySet<number>): DayStatus {
  if (completed.has(day)) return 'completed';
  if (day === currentDay) return 'current';
  return day < currentDay ? 'missed' : 'future';
}

/** The status of each of the 28 days (or a round's), as the program page and the exercise list show them. */
export function programDays(
  completedDays: Iterable<number>,
  currentDay: number,
  length = PROGRAM_DAYS,
): { day: number; status: DayStatus }[] {
  const done = new Set(completedDays);
  return Array.from({ length }, (_, i) => ({
    day: i + 1,
    status: dayStatus(i + 1, currentDay, done),
  }));
}

/** Complete is offered for days up to and including today that are not completed. */
export const canCompleteDay = (day: number, currentDay: number, completed: ReadonlySet<number>) =>
  day >= 1 && day <= currentDay && !completed.has(day);

export const isTomorrow = (day: number, currentDay: number) => day === currentDay + 1;

/** Day results (time, reps) are for past days and today; wellness for today only. */
export const canLogResults = (day: number, currentDay: number) => day >= 1 && day <= currentDay;
export const canLogWellness = (day: number, currentDay: number) => day === currentDay;

export const weekOfDay = (day: number) => Math.min(PROGRAM_WEEKS, Math.ceil(day / DAYS_PER_WEEK));
/** The week tab selected by default: ceil(currentDay / 7), at most 4. */
export const defaultWeek = (currentDay: number) => weekOfDay(Math.max(1, currentDay));
export const daysOfWeek = (week: number) =>
  Array.from({ length: DAYS_PER_WEEK }, (_, i) => (week - 1) * DAYS_PER_WEEK + i + 1);

// A day's exercise is its program_days row (no longer "the Nth exercise by id"), so
// home's signed-in Today's Exercise is the exercise of the member's current day.

/** Home, signed out: rotates daily through the home exercises by whole days since the epoch. */
export const homeExerciseIndex = (now: Date, count: number) =>
  count > 0 ? Math.floor(now.getTime() / 86_400_000) % count : -1;

export const estimatedMinutes = (completedCount: number) => completedCount * MINUTES_PER_WORKOUT;

/** spec §5: energy 1..5 is shown as (value - 1) * 25 percent. */
export const energyPercent = (energy: number) => (energy - 1) * 25;

/**
 * The 1–5 wellness scales as a member reads them: words, not "1 / 5" or "0%". One place for
 * every screen that shows a rating (the progress page, the session's finish, the coach's panel).
 */
export const FEELING_WORDS = ['Awful', 'Low', 'Okay', 'Good', 'Great'] as const;
export const ENERGY_WORDS = ['Exhausted', 'Tired', 'Steady', 'Energetic', 'Full of energy'] as const;
const wordOf = (words: readonly string[], rating: number) =>
  words[Math.min(words.length, Math.max(1, Math.round(rating))) - 1]!;
export const feelingWord = (feeling: number) => wordOf(FEELING_WORDS, feeling);
export const energyWord = (energy: number) => wordOf(ENERGY_WORDS, energy);

/** The time a member logged over their days (each day's own "mm:ss"), in whole minutes. */
export const loggedMinutes = (results: readonly { totalSeconds: number }[]) =>
  Math.round(results.reduce((sum, r) => sum + r.totalSeconds, 0) / 60);

/** "mm:ss" → seconds; anything else is ignored (null). */
export function parseMmSs(text: string): number | null {
  const match = /^\s*(\d{1,3}):([0-5]\d)\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

export function formatMmSs(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** spec §5: reps are a whole number, 0 when left empty; anything else is not a number of reps (null). */
export function parseReps(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

// spec §5: "invalid input is ignored" — an entry that is not mm:ss or a whole number is never
// saved (it used to be saved as 0); the field says why and Save waits until it is valid.
export const TIME_FORMAT_MESSAGE = 'Use mm:ss, e.g. 01:30';
export const REPS_FORMAT_MESSAGE = 'Use a whole number, e.g. 25';
export const MAX_REPS = 100_000;
export const TOO_MANY_REPS = 'That is too many reps';

/** The day strip's two text fields, as typed; empty means 0. */
export type DayResultForm = { time: string; reps: string };
export type DayResultFormErrors = Partial<Record<keyof DayResultForm, string>>;

/**
 * The day strip's fields read into what DayResultSchema takes, or each field's message. Plain code
 * rather than a zod schema: /program is the page members open every day and loads no zod;
 * DayResultFormSchema is built on this, and the server checks DayResultSchema as before.
 */
export function readDayResultForm({
  time,
  reps,
}: DayResultForm):
  | { totalSeconds: number; reps: number; errors?: undefined }
  | { errors: DayResultFormErrors } {
  const totalSeconds = time.trim() === '' ? 0 : parseMmSs(time);
  const count = parseReps(reps);
  const errors: DayResultFormErrors = {};
  if (totalSeconds === null) errors.time = TIME_FORMAT_MESSAGE;
  if (count === null) errors.reps = REPS_FORMAT_MESSAGE;
  else if (count > MAX_REPS) errors.reps = TOO_MANY_REPS;
  if (totalSeconds === null || count === null || count > MAX_REPS) return { errors };
  return { totalSeconds, reps: count };
}

/** spec §5: case-insensitive substring match on name, description or summary. */
export function searchExercises<T extends { name: string; description: string; exercise: string }>(
  exercises: readonly T[],
  query: string,
): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...exercises];
  return exercises.filter((e) =>
    [e.name, e.description, e.exercise].some((text) => text.toLowerCase().includes(needle)),
  );
}

export type WeekAchievements = {
  week: number;
  coreWarrior: boolean;
  perfectWeek: boolean;
  consistencyKing: boolean;
};

/**
 * spec §9: Core Warrior (completed count at least 7 × the week number), Perfect Week (7 of 7 in
 * that week), Consistency King (the streak reaches 28).
 */
export function achievements(
  completedDays: Iterable<number>,
  currentDay: number,
  length = PROGRAM_DAYS,
): WeekAchievements[] {
  const done = new Set(completedDays);
  const count = [...done].filter((day) => day >= 1 && day <= length).length;
  const isKing = currentStreak(done, currentDay) >= length;
  return Array.from({ length: Math.ceil(length / DAYS_PER_WEEK) }, (_, i) => {
    const week = i + 1;
    return {
      week,
      coreWarrior: count >= Math.min(length, DAYS_PER_WEEK * week),
      perfectWeek: daysOfWeek(week)
        .filter((day) => day <= length)
        .every((day) => done.has(day)),
      consistencyKing: isKing,
    };
  });
}
