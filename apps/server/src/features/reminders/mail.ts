import { CORE28_SLUG, energyPercent, WEEK_NAMES } from '@core28/core/program';
import { prescriptionSummary } from '@core28/core/session-plan';
import { actionEmail, type Unsubscribe } from '../../platform/mail/templates.ts';
import type { getProgramState } from '../program/service.ts';

// The habit e-mails. Each names the day and what to do, and links straight into it. The day is
// the current round's: Core28 says "day 5 of 28" as it always did; another program says its name.

type To = { email: string; unsubscribe: Unsubscribe };
type Program = { slug: string; name: string; days: number };
const isCore28 = (program: Program) => program.slug === CORE28_SLUG;
/** "Day 5" for Core28, "Foundations day 5" for another program. */
const dayLabel = (program: Program, day: number) =>
  isCore28(program) ? `Day ${day}` : `${program.name} day ${day}`;
/** "day 5 of 28", or "day 5 of 21 of Foundations". */
const dayOf = (program: Program, day: number) =>
  isCore28(program) ? `day ${day} of ${program.days}` : `day ${day} of ${program.days} of ${program.name}`;
type ProgramState = Awaited<ReturnType<typeof getProgramState>>;
type PlanDay = ProgramState['plan'][number];

export function workoutReminderEmail({
  email,
  unsubscribe,
  day,
  program,
  sessionUrl,
}: To & { day: PlanDay; program: Program; sessionUrl: string }) {
  const what = `${day.exercise.name}: ${prescriptionSummary(day.prescription)}`;
  const more = day.exercises.length > 1 ? ` and ${day.exercises.length - 1} more` : '';
  return actionEmail({
    to: email,
    kind: 'workout-reminder',
    subject: `${dayLabel(program, day.day)}: ${day.exercise.name}${more} is ready`,
    preview: `Today is ${dayOf(program, day.day)}. ${what}${more}, about ${day.estimatedMinutes} minutes.`,
    intro: `Today is ${dayOf(program, day.day)}: ${what}${more}. About ${day.estimatedMinutes} minutes with warm-up and cool-down.`,
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
  program,
  sessionUrl,
}: To & { streak: number; day: number; program: Program; sessionUrl: string }) {
  return actionEmail({
    to: email,
    kind: 'streak-at-risk',
    subject: `Keep your ${streak}-day streak going`,
    preview: `${dayLabel(program, day)} is still open tonight. One workout keeps your ${streak}-day streak.`,
    intro: `You have trained ${streak} days in a row. ${dayLabel(program, day)} is still open: finish it before midnight to keep your streak.`,
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
  const program = state.round.program;
  const inWeek = (day: number) => day > (week - 1) * 7 && day <= week * 7;
  // A program's last week may be short (a 10-day program's week 2 has 3 days).
  const daysInWeek = Math.min(7, program.days - (week - 1) * 7);
  const isLastWeek = week * 7 >= program.days;
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
    ['Days completed', `${done} of ${daysInWeek}`],
    ['Minutes', String(minutes)],
    ['Reps', String(reps)],
    ['Feeling', feeling === null ? '—' : `${feeling.toFixed(1)} of 5`],
    ['Energy', energy === null ? '—' : `${Math.round(energyPercent(energy))}%`],
    ['Achievements', badges.length ? badges.join(', ') : 'none this week'],
  ];
  // The week names are Core28's weeks (spec §4).
  const name = (isCore28(program) && WEEK_NAMES[week - 1]) || `Week ${week}`;
  return actionEmail({
    to: email,
    kind: 'weekly-summary',
    subject: `Your week ${week} on ${program.name}: ${done} of ${daysInWeek} days`,
    preview: `Week ${week} (${name}): ${done} of ${daysInWeek} days, ${minutes} minutes, ${reps} reps.`,
    intro: name === `Week ${week}` ? `Here is your week ${week}.` : `Here is your week ${week}, ${name}.`,
    rows,
    action: 'See your progress',
    url: progressUrl,
    outro: isLastWeek
      ? `You finished the ${program.days} days. Well done!`
      : 'A new week starts today. Keep going!',
    unsubscribe,
  });
}

/**
 * A round is over (docs/decisions/0026): once the day after its last day, and once more a week later
 * while no other round has started. Links to the round's results, where the next round is offered.
 */
export function roundFinishedEmail({
  email,
  unsubscribe,
  which,
  state,
  resultsUrl,
}: To & { which: 'ended' | 'follow-up'; state: ProgramState; resultsUrl: string }) {
  const { program, number } = state.round;
  const done = state.stats.totalWorkouts;
  const what = `${program.name} round ${number}: ${done} of ${program.days} days done`;
  return actionEmail({
    to: email,
    kind: 'round-finished',
    subject: which === 'ended' ? 'Your next round is ready' : 'Your next round is still waiting',
    preview: `${what}. See your results and start your next round.`,
    intro:
      which === 'ended'
        ? `Your round is over. ${what}. See how far you came, then start your next round when you are ready.`
        : `A week ago your round ended. ${what}. Your next round is ready whenever you are: pick up the habit again.`,
    action: 'See your results',
    url: resultsUrl,
    outro: 'This is the last reminder about this round.',
    unsubscribe,
  });
}
