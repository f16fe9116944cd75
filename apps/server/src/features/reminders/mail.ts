import { energyPercent, WEEK_NAMES } from '@core28/core/program';
import { prescriptionSummary } from '@core28/core/session-plan';
import { actionEmail, type Unsubscribe } from '../../platform/mail/templates.ts';
import type { getProgramState } from '../program/service.ts';

// The habit e-mails. Each names the day and what to do, and links straight into it.

type To = { email: string; unsubscribe: Unsubscribe };
type ProgramState = Awaited<ReturnType<typeof getProgramState>>;
type PlanDay = ProgramState['plan'][number];

export function workoutReminderEmail({
  email,
  unsubscribe,
  day,
  sessionUrl,
}: To & { day: PlanDay; sessionUrl: string }) {
  const what = `${day.exercise.name}: ${prescriptionSummary(day.prescription)}`;
  return actionEmail({
    to: email,
    kind: 'workout-reminder',
    subject: `Day ${day.day}: ${day.exercise.name} is ready`,
    preview: `Today is day ${day.day} of 28. ${what}, about ${day.estimatedMinutes} minutes.`,
    intro: `Today is day ${day.day} of 28: ${what}. About ${day.estimatedMinutes} minutes with warm-up and cool-down.`,
    action: "Start today's workout",
    url: sessionUrl,
    outro: 'Change the time of this reminder on your profile.',
    unsubscribe,
  });
}

export function streakAtRiskEmail({
  email,
  unsubscribe,
  streak,
  day,
  sessionUrl,
}: To & { streak: number; day: number; sessionUrl: string }) {
  return actionEmail({
    to: email,
    kind: 'streak-at-risk',
    subject: `Keep your ${streak}-day streak going`,
    preview: `Day ${day} is still open tonight. One workout keeps your ${streak}-day streak.`,
    intro: `You have trained ${streak} days in a row. Day ${day} is still open: finish it before midnight to keep your streak.`,
    action: `Start day ${day}`,
    url: sessionUrl,
    outro: 'A short session counts. See you on the mat!',
    unsubscribe,
  });
}

const average = (values: number[]) =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;

/** The program week that just ended: its days, minutes, reps, feeling, energy and achievements. */
export function weeklySummaryEmail({
  email,
  unsubscribe,
  week,
  state,
  progressUrl,
}: To & { week: number; state: ProgramState; progressUrl: string }) {
  const inWeek = (day: number) => day > (week - 1) * 7 && day <= week * 7;
  const done = state.completions.filter((c) => inWeek(c.day)).length;
  const results = state.results.filter((r) => inWeek(r.day));
  const wellness = state.wellness.filter((w) => inWeek(w.day));
  const minutes = Math.round(results.reduce((sum, r) => sum + r.totalSeconds, 0) / 60);
  const reps = results.reduce((sum, r) => sum + r.reps, 0);
  const feeling = average(wellness.map((w) => w.feeling));
  const energy = average(wellness.map((w) => w.energy));
  const earned = state.achievements.find((a) => a.week === week);
  const badges = [
    earned?.coreWarrior && 'Core Warrior',
    earned?.perfectWeek && 'Perfect Week',
    earned?.consistencyKing && 'Consistency King',
  ].filter(Boolean) as string[];
  const rows: [string, string][] = [
    ['Days completed', `${done} of 7`],
    ['Minutes', String(minutes)],
    ['Reps', String(reps)],
    ['Feeling', feeling === null ? '—' : `${feeling.toFixed(1)} of 5`],
    ['Energy', energy === null ? '—' : `${Math.round(energyPercent(energy))}%`],
    ['Achievements', badges.length ? badges.join(', ') : 'none this week'],
  ];
  const name = WEEK_NAMES[week - 1] ?? `Week ${week}`;
  return actionEmail({
    to: email,
    kind: 'weekly-summary',
    subject: `Your week ${week} on Core28: ${done} of 7 days`,
    preview: `Week ${week} (${name}): ${done} of 7 days, ${minutes} minutes, ${reps} reps.`,
    intro: `Here is your week ${week}, ${name}.`,
    rows,
    action: 'See your progress',
    url: progressUrl,
    outro: week < 4 ? 'A new week starts today. Keep going!' : 'You finished the 28 days. Well done!',
    unsubscribe,
  });
}
