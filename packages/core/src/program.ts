// spec §4 Program day, Streak; §9 program constants. DESIGN.md: one streak and one percent everywhere.
export const PROGRAM_DAYS = 28;
export const DAYS_PER_WEEK = 7;
export const PROGRAM_WEEKS = PROGRAM_DAYS / DAYS_PER_WEEK;
const DAY_MS = 86_400_000;

const utcDayNumber = (date: Date) => Math.floor(date.getTime() / DAY_MS);

/** Whole UTC days since registration, plus one, clamped to 1..28. */
export function currentProgramDay(registrationDate: Date, now: Date): number {
  const elapsed = utcDayNumber(now) - utcDayNumber(registrationDate);
  return Math.min(PROGRAM_DAYS, Math.max(1, elapsed + 1));
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

/** Completed days / 28, as a whole percent. */
export function progressPercent(completedCount: number): number {
  return Math.round((Math.min(completedCount, PROGRAM_DAYS) / PROGRAM_DAYS) * 100);
}

export type ProgramStats = {
  totalWorkouts: number;
  currentStreak: number;
  currentDay: number;
  progressPercentage: number;
};

export function programStats(
  completedDays: readonly number[],
  registrationDate: Date,
  now: Date,
): ProgramStats {
  const currentDay = currentProgramDay(registrationDate, now);
  const unique = new Set(completedDays.filter((day) => day >= 1 && day <= PROGRAM_DAYS));
  return {
    totalWorkouts: unique.size,
    currentStreak: currentStreak(unique, currentDay),
    currentDay,
    progressPercentage: progressPercent(unique.size),
  };
}
