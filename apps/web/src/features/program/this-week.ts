import type { ProgramState } from './api';
import { dayTitle, planDay } from './plan-text';
import { daysInWeek, roundDefaultWeek, weekTabs } from './round-view';

export type WeekDayMark = { day: number; status: 'completed' | 'current' | 'missed' | 'future' };

/**
 * The member's week as the home shows it: the days done of the current week, the streak, and
 * what comes next — tomorrow's day by its exercise's name (null on the round's last day).
 */
export function thisWeekOf(state: ProgramState) {
  const length = state.round.program.days;
  const today = Math.min(state.currentDay, length);
  const week = roundDefaultWeek(today, length);
  const tab = weekTabs(state.round.program.slug, length)[week - 1];
  const done = new Set(state.completions.map((c) => c.day));
  const days: WeekDayMark[] = daysInWeek(week, length).map((day) => ({
    day,
    status: (state.days[day - 1]?.status ??
      (done.has(day) ? 'completed' : 'future')) as WeekDayMark['status'],
  }));
  const next = today + 1;
  const nextPlan = next <= length ? planDay(state, next) : undefined;
  return {
    label: tab?.label ?? `Week ${week}`,
    days,
    doneCount: days.filter((d) => done.has(d.day)).length,
    streak: state.stats.currentStreak,
    tomorrow: nextPlan ? { day: next, name: dayTitle(nextPlan) } : null,
    isLastDay: today === length,
  };
}
