import { z } from 'zod';
import { DAYS_PER_WEEK, PROGRAM_WEEKS } from './program.ts';

// Each program day is a guided session of about 20 minutes (the marketing pages'
// promise): a warm-up, the day's exercise in sets with rest between them, and a cool-down.

export type ExerciseCategory = 'time' | 'reps';

/** time exercises: workSeconds set, targetReps null; reps exercises: targetReps set, workSeconds null */
export type Prescription = {
  sets: number;
  workSeconds: number | null;
  targetReps: number | null;
  restSeconds: number;
};

export const PRESCRIPTION_BOUNDS = {
  sets: [1, 10],
  workSeconds: [10, 300],
  targetReps: [1, 100],
  restSeconds: [0, 300],
} as const satisfies Record<keyof Prescription, readonly [number, number]>;

const bounded = (key: keyof Prescription, between: string) => {
  const [min, max] = PRESCRIPTION_BOUNDS[key];
  const message = `${between} between ${min} and ${max}${key.endsWith('Seconds') ? ' seconds' : ''}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

const prescriptionFields = {
  sets: bounded('sets', 'Sets must be'),
  workSeconds: bounded('workSeconds', 'Work time must be').nullable().default(null),
  targetReps: bounded('targetReps', 'Target reps must be').nullable().default(null),
  restSeconds: bounded('restSeconds', 'Rest must be'),
};
const hasOneMeasure = (p: { workSeconds: number | null; targetReps: number | null }) =>
  (p.workSeconds === null) !== (p.targetReps === null);
const ONE_MEASURE = {
  message: 'Give either work seconds (a time exercise) or target reps (a reps exercise), not both',
  path: ['workSeconds'],
};

export const PrescriptionSchema = z.object(prescriptionFields).refine(hasOneMeasure, ONE_MEASURE);

/** The coach's edit of a program day (PUT /api/admin/program-days/:day). */
export const ProgramDayInputSchema = z
  .object({
    exerciseId: z
      .number({ error: 'Choose an exercise' })
      .int('Choose an exercise')
      .positive('Choose an exercise'),
    ...prescriptionFields,
  })
  .refine(hasOneMeasure, ONE_MEASURE);
export type ProgramDayInput = z.output<typeof ProgramDayInputSchema>;

export const MEMBER_DAY_NOTE_MAX = 500;

/** Most exercises a coach puts in one member's day (as a program's day: core rounds.ts). */
export const MEMBER_DAY_ITEMS_MAX = 8;

const memberNote = z
  .string()
  .trim()
  .max(MEMBER_DAY_NOTE_MAX, `Please keep the note under ${MEMBER_DAY_NOTE_MAX} characters.`)
  .default('');

/** One exercise of a member's day and its prescription. */
export const MemberDayItemSchema = ProgramDayInputSchema;
export type MemberDayItem = z.output<typeof MemberDayItemSchema>;

/** The one-exercise body the editor sent first; still accepted. */
const MemberDaySingleSchema = z
  .object({
    exerciseId: z
      .number({ error: 'Choose an exercise' })
      .int('Choose an exercise')
      .positive('Choose an exercise'),
    ...prescriptionFields,
    note: memberNote,
  })
  .refine(hasOneMeasure, ONE_MEASURE);

/** A day of several exercises, in order (docs/decisions/0026). */
export const MemberDayItemsSchema = z.object({
  items: z
    .array(MemberDayItemSchema, { error: 'Give the day its exercises' })
    .min(1, 'A day needs at least one exercise')
    .max(MEMBER_DAY_ITEMS_MAX, `A day holds at most ${MEMBER_DAY_ITEMS_MAX} exercises`),
  note: memberNote,
});

/**
 * The coach's change to one member's day (PUT /api/admin/member-plans/:userId/days/:day): either
 * one exercise (the first body, kept working) or `{ items, note }` with 1..8 exercises in order.
 */
export const MemberDayInputSchema = z.union([MemberDayItemsSchema, MemberDaySingleSchema]);
export type MemberDayInput = z.output<typeof MemberDayInputSchema>;

/** Either body as the exercises of the day, in order, and its note. */
export function memberDayItems(input: MemberDayInput): { items: MemberDayItem[]; note: string } {
  if ('items' in input) return input;
  const { note, ...item } = input;
  return { items: [item], note };
}

/** A time exercise needs work seconds, a reps exercise target reps; null when the prescription fits. */
export function prescriptionMismatch(prescription: Prescription, category: ExerciseCategory): string | null {
  if (category === 'time' && (prescription.workSeconds === null || prescription.targetReps !== null)) {
    return 'A time exercise needs work seconds and no target reps';
  }
  if (category === 'reps' && (prescription.targetReps === null || prescription.workSeconds !== null)) {
    return 'A reps exercise needs target reps and no work seconds';
  }
  return null;
}

// Progressive overload (About page): more sets in weeks 2 and 3, longer holds / more reps in
// week 4, shorter rest after week 1. Every week lands between 18 and 24 minutes in all.
type Week = { sets: number; workSeconds: number; targetReps: number; restSeconds: number };
const WEEKLY: readonly [Week, Week, Week, Week] = [
  { sets: 6, workSeconds: 60, targetReps: 20, restSeconds: 75 },
  { sets: 7, workSeconds: 60, targetReps: 20, restSeconds: 60 },
  { sets: 8, workSeconds: 60, targetReps: 20, restSeconds: 60 },
  { sets: 8, workSeconds: 72, targetReps: 24, restSeconds: 60 },
];

const weekIndex = (day: number) => Math.min(PROGRAM_WEEKS, Math.max(1, Math.ceil(day / DAYS_PER_WEEK))) - 1;

/**
 * The prescription a session uses: as the coach set it, or, when the exercise's category was
 * changed since, with the other measure at its default for the day.
 */
export function fitPrescription(
  prescription: Prescription,
  category: ExerciseCategory,
  day: number,
): Prescription {
  if (prescriptionMismatch(prescription, category) === null) return prescription;
  const { workSeconds, targetReps } = defaultPrescription(day, category);
  return { ...prescription, workSeconds, targetReps };
}

export function defaultPrescription(day: number, category: ExerciseCategory): Prescription {
  const week = WEEKLY[weekIndex(day)] ?? WEEKLY[0];
  return {
    sets: week.sets,
    workSeconds: category === 'time' ? week.workSeconds : null,
    targetReps: category === 'reps' ? week.targetReps : null,
    restSeconds: week.restSeconds,
  };
}

export type SessionStepKind = 'warmup' | 'work' | 'rest' | 'cooldown';

export type SessionStep = {
  /** stable within a plan: 'warmup-1', 'work-2', 'rest-2', 'cooldown-1' */
  id: string;
  kind: SessionStepKind;
  title: string;
  instructions: string;
  /** null only for a reps set (done when the member says so) */
  durationSeconds: number | null;
  targetReps: number | null;
  /** work and rest steps: which set (1-based) and how many */
  set: number | null;
  sets: number | null;
  demoKey: string | null;
};

type Move = { demoKey: string; title: string; instructions: string; seconds: number };

// About 4 minutes of warm-up and 3 of cool-down; the demo keys are the contract's eight.
const WARMUP: readonly Move[] = [
  {
    demoKey: 'march-in-place',
    title: 'March in place',
    instructions:
      'March on the spot, lifting your knees to hip height. Swing your arms and breathe steadily.',
    seconds: 60,
  },
  {
    demoKey: 'arm-circles',
    title: 'Arm circles',
    instructions: 'Arms straight out to the sides, draw small circles that grow larger. Reverse halfway.',
    seconds: 60,
  },
  {
    demoKey: 'cat-cow',
    title: 'Cat-cow',
    instructions:
      'On hands and knees, round your back up, then let it sag as you lift your chest. Move with your breath.',
    seconds: 60,
  },
  {
    demoKey: 'torso-twist',
    title: 'Torso twist',
    instructions:
      'Stand tall, feet hip-width apart, and turn your chest left and right, letting your arms follow.',
    seconds: 60,
  },
];

const COOLDOWN: readonly Move[] = [
  {
    demoKey: 'childs-pose',
    title: "Child's pose",
    instructions: 'Kneel, sit back on your heels and reach your arms forward on the floor. Breathe slowly.',
    seconds: 45,
  },
  {
    demoKey: 'cobra-stretch',
    title: 'Cobra stretch',
    instructions:
      'Lie face down, hands under your shoulders, and gently press your chest up. Keep your hips down.',
    seconds: 45,
  },
  {
    demoKey: 'knees-to-chest',
    title: 'Knees to chest',
    instructions: 'Lie on your back and hug both knees to your chest. Rock gently side to side.',
    seconds: 45,
  },
  {
    demoKey: 'supine-twist',
    title: 'Supine twist',
    instructions: 'On your back, drop both knees to one side with your shoulders down. Switch sides halfway.',
    seconds: 45,
  },
];

const moveStep = (kind: 'warmup' | 'cooldown', move: Move, index: number): SessionStep => ({
  id: `${kind}-${index + 1}`,
  kind,
  title: move.title,
  instructions: move.instructions,
  durationSeconds: move.seconds,
  targetReps: null,
  set: null,
  sets: null,
  demoKey: move.demoKey,
});

type SessionExercise = { name: string; category: ExerciseCategory; demoKey: string | null; exercise: string };
/** One exercise of a day and what to do. */
export type SessionBlock = { exercise: SessionExercise; prescription: Prescription };

/** The sets of one exercise, with rest between them; `next` is the exercise after it, if any. */
function blockSteps({ exercise, prescription }: SessionBlock, index: number, next: SessionBlock | undefined) {
  const { sets } = prescription;
  const isReps = exercise.category === 'reps';
  const targetReps = isReps ? (prescription.targetReps ?? 0) : null;
  // The first exercise's ids are those a one-exercise day has always had (a saved player state
  // still finds its step); the others' carry their place.
  const id = (kind: 'work' | 'rest', set: number) =>
    index === 0 ? `${kind}-${set}` : `${kind}-${index + 1}-${set}`;
  const steps: SessionStep[] = [];
  for (let set = 1; set <= sets; set++) {
    steps.push({
      id: id('work', set),
      kind: 'work',
      title: next || index > 0 ? `${exercise.name}: set ${set} of ${sets}` : `Set ${set} of ${sets}`,
      instructions: isReps
        ? `${exercise.name}: ${targetReps} reps. ${exercise.exercise}`.trim()
        : `${exercise.name}: ${prescription.workSeconds} seconds. ${exercise.exercise}`.trim(),
      durationSeconds: isReps ? null : prescription.workSeconds,
      targetReps,
      set,
      sets,
      demoKey: exercise.demoKey,
    });
    const isLast = set === sets;
    if ((!isLast || next) && prescription.restSeconds > 0) {
      steps.push({
        id: id('rest', set),
        kind: 'rest',
        title: 'Rest',
        instructions: isLast
          ? `Breathe and shake it out. ${next?.exercise.name} is next.`
          : `Breathe and shake it out. Set ${set + 1} of ${sets} is next.`,
        durationSeconds: prescription.restSeconds,
        targetReps: null,
        set,
        sets,
        demoKey: isLast ? (next?.exercise.demoKey ?? exercise.demoKey) : exercise.demoKey,
      });
    }
  }
  return steps;
}

/**
 * A circuit: round after round, one set of every exercise that still has sets, each followed by
 * its rest (none after the last set of the day).
 */
function circuitSteps(blocks: readonly SessionBlock[]): SessionStep[] {
  const rounds = Math.max(0, ...blocks.map((b) => b.prescription.sets));
  const order = Array.from({ length: rounds }, (_, r) =>
    blocks.flatMap((block, index) => (r < block.prescription.sets ? [{ block, index, set: r + 1 }] : [])),
  ).flat();
  return order.flatMap(({ block: { exercise, prescription }, index, set }, i) => {
    const next = order[i + 1];
    const isReps = exercise.category === 'reps';
    const id = (kind: 'work' | 'rest') => (index === 0 ? `${kind}-${set}` : `${kind}-${index + 1}-${set}`);
    const work: SessionStep = {
      id: id('work'),
      kind: 'work',
      title: `Round ${set} of ${rounds}: ${exercise.name}`,
      instructions: isReps
        ? `${exercise.name}: ${prescription.targetReps ?? 0} reps. ${exercise.exercise}`.trim()
        : `${exercise.name}: ${prescription.workSeconds} seconds. ${exercise.exercise}`.trim(),
      durationSeconds: isReps ? null : prescription.workSeconds,
      targetReps: isReps ? (prescription.targetReps ?? 0) : null,
      set,
      sets: prescription.sets,
      demoKey: exercise.demoKey,
    };
    if (!next || prescription.restSeconds === 0) return [work];
    const rest: SessionStep = {
      id: id('rest'),
      kind: 'rest',
      title: 'Rest',
      instructions: `Breathe. ${next.block.exercise.name} is next.`,
      durationSeconds: prescription.restSeconds,
      targetReps: null,
      set,
      sets: prescription.sets,
      demoKey: next.block.exercise.demoKey,
    };
    return [work, rest];
  });
}

/**
 * Warm-up, then each exercise of the day in order, each set with rest between sets (none after the
 * day's last set, none when rest is 0), then cool-down; a circuit goes round the exercises set by
 * set instead. A reps set has no duration: it ends when the member says it is done. A day of one
 * exercise may be given as `exercise` and `prescription`.
 */
export function sessionPlan(
  input: { day: number; circuit?: boolean } & ({ blocks: readonly SessionBlock[] } | SessionBlock),
): SessionStep[] {
  const blocks = 'blocks' in input ? input.blocks : [input];
  const work =
    input.circuit && blocks.length > 1
      ? circuitSteps(blocks)
      : blocks.flatMap((block, i) => blockSteps(block, i, blocks[i + 1]));
  return [
    ...WARMUP.map((move, i) => moveStep('warmup', move, i)),
    ...work,
    ...COOLDOWN.map((move, i) => moveStep('cooldown', move, i)),
  ];
}

/** How long a rep takes for the estimate of a reps set. */
export const SECONDS_PER_REP = 3;

export function estimatedSessionSeconds(steps: readonly SessionStep[]): number {
  return steps.reduce(
    (total, step) => total + (step.durationSeconds ?? (step.targetReps ?? 0) * SECONDS_PER_REP),
    0,
  );
}

const MOVES_SECONDS = [...WARMUP, ...COOLDOWN].reduce((total, move) => total + move.seconds, 0);

/**
 * estimatedSessionSeconds of a day's sessionPlan, from its prescription alone: the program's
 * answer estimates all 28 days on every request, without building their steps.
 * session-plan.test.ts checks it against the plan's steps.
 */
export function estimatedPrescriptionSeconds(category: ExerciseCategory, prescription: Prescription): number {
  const { sets, restSeconds } = prescription;
  const perSet =
    category === 'reps' ? (prescription.targetReps ?? 0) * SECONDS_PER_REP : (prescription.workSeconds ?? 0);
  const rests = restSeconds > 0 ? Math.max(0, sets - 1) * restSeconds : 0;
  return MOVES_SECONDS + Math.max(0, sets) * perSet + rests;
}

/**
 * A day of several exercises: the warm-up and cool-down once, each exercise's sets with their rests,
 * and the rest after each exercise but the last (sessionPlan's steps).
 */
export function estimatedDaySeconds(
  items: readonly { category: ExerciseCategory; prescription: Prescription }[],
): number {
  return items.reduce((total, { category, prescription }, i) => {
    const own = estimatedPrescriptionSeconds(category, prescription) - MOVES_SECONDS;
    const between = i < items.length - 1 && prescription.restSeconds > 0 ? prescription.restSeconds : 0;
    return total + own + between;
  }, MOVES_SECONDS);
}

/** Whole minutes, as the program page shows them. */
export const estimatedSessionMinutes = (steps: readonly SessionStep[]) =>
  Math.round(estimatedSessionSeconds(steps) / 60);

/** "6 sets × 30 s, 75 s rest" / "7 sets × 12 reps, 60 s rest": a day's work in one line (mails, calendar). */
export const prescriptionSummary = (p: Prescription) =>
  `${p.sets} sets × ${p.workSeconds !== null ? `${p.workSeconds} s` : `${p.targetReps} reps`}, ${p.restSeconds} s rest`;
