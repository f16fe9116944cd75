import type { Prescription } from '@core28/core/session-plan';
import type { PlanDay, ProgramState } from './api';

const mss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** '6 sets × 20 reps', '6 sets × 1:00'. */
export const prescriptionText = (p: Prescription) =>
  `${p.sets} sets × ${p.targetReps !== null ? `${p.targetReps} reps` : mss(p.workSeconds ?? 0)}`;

/** A day of the plan, as GET /api/program returns it. */
export const planDay = (state: ProgramState, day: number): PlanDay | undefined =>
  state.plan.find((p) => p.day === day);

export const sessionPath = (day: number) => `/program/day/${day}/session`;

/** A day's name: its exercise, or each of its exercises ("Dead Bug · Plank · Bird Dog"). */
export const dayTitle = (plan: PlanDay) =>
  (plan.exercises?.length ?? 0) > 1
    ? plan.exercises.map((e) => e.exercise.name).join(' · ')
    : plan.exercise.name;

/** What a day asks: "6 sets × 20 reps", or "3 exercises" for a day of several. */
export const dayWork = (plan: PlanDay) =>
  (plan.exercises?.length ?? 0) > 1
    ? `${plan.exercises.length} exercises`
    : prescriptionText(plan.prescription);
