import { z } from 'zod';
import { UserIdParamSchema } from './admin.ts';
import {
  type DayResultForm,
  MAX_REPS,
  REPS_FORMAT_MESSAGE,
  readDayResultForm,
  TIME_FORMAT_MESSAGE,
  TOO_MANY_REPS,
} from './program.ts';
import { MAX_PROGRAM_DAYS } from './rounds.ts';

export { REPS_FORMAT_MESSAGE, TIME_FORMAT_MESSAGE };

// A day of any program (7 to 42 days); the server then holds it to the member's round's length.
const Day = z
  .number({ error: `Day must be a number from 1 to ${MAX_PROGRAM_DAYS}` })
  .int('Day must be a whole number')
  .min(1, `Day must be between 1 and ${MAX_PROGRAM_DAYS}`)
  .max(MAX_PROGRAM_DAYS, `Day must be between 1 and ${MAX_PROGRAM_DAYS}`);
const Rating = (label: string) =>
  z
    .number({ error: `${label} must be a whole number from 1 to 5` })
    .int(`${label} must be a whole number from 1 to 5`)
    .min(1, `${label} must be between 1 and 5`)
    .max(5, `${label} must be between 1 and 5`);

export const CompleteDaySchema = z.object({ day: Day });
const MAX_SECONDS = 86_400;
export const DayResultSchema = z.object({
  day: Day,
  totalSeconds: z
    .number({ error: 'Time must be a whole number of seconds' })
    .int('Time must be a whole number of seconds')
    .min(0, 'Time cannot be negative')
    .max(MAX_SECONDS, 'Time must be under 24 hours'),
  reps: z
    .number({ error: 'Reps must be a whole number' })
    .int('Reps must be a whole number')
    .min(0, 'Reps cannot be negative')
    .max(MAX_REPS, TOO_MANY_REPS),
});

/** The day strip's two text fields, as typed (program.ts's readDayResultForm, as a schema). */
export const DayResultFormSchema = z
  .object({ time: z.string(), reps: z.string() })
  .check((ctx) => {
    const { errors } = readDayResultForm(ctx.value);
    for (const [field, message] of Object.entries(errors ?? {}))
      ctx.issues.push({ code: 'custom', path: [field], message, input: ctx.value });
  })
  .transform((form) => {
    const read = readDayResultForm(form);
    return read.errors ? { totalSeconds: 0, reps: 0 } : { totalSeconds: read.totalSeconds, reps: read.reps };
  });
export type { DayResultForm };
export const WellnessSchema = z.object({ day: Day, feeling: Rating('Feeling'), energy: Rating('Energy') });

export type DayResultInput = z.infer<typeof DayResultSchema>;
export type WellnessInput = z.infer<typeof WellnessSchema>;

// ---- the session ----

const DAY_PARAM_MESSAGE = `Day must be a whole number from 1 to ${MAX_PROGRAM_DAYS}`;
/** A day in a path (`/api/program/days/:day/…`, `/api/admin/program-days/:day`). */
export const DayParamSchema = z.object({
  day: z.coerce
    .number({ error: DAY_PARAM_MESSAGE })
    .int(DAY_PARAM_MESSAGE)
    .min(1, DAY_PARAM_MESSAGE)
    .max(MAX_PROGRAM_DAYS, DAY_PARAM_MESSAGE),
});

/** A member's day in a path (`/api/admin/member-plans/:userId/days/:day`). */
export const MemberDayParamSchema = UserIdParamSchema.extend(DayParamSchema.shape);

/** Finishing a session: its time and reps, and the day's wellness when the member gave it. */
export const FinishSessionSchema = z
  .object({
    totalSeconds: DayResultSchema.shape.totalSeconds,
    reps: DayResultSchema.shape.reps,
    feeling: WellnessSchema.shape.feeling.optional(),
    energy: WellnessSchema.shape.energy.optional(),
  })
  .refine((input) => (input.feeling === undefined) === (input.energy === undefined), {
    message: 'Give feeling and energy together, or neither',
    path: ['feeling'],
  });
export type FinishSessionInput = z.output<typeof FinishSessionSchema>;

/** The coach swaps two days' exercises and prescriptions. */
export const SwapProgramDaysSchema = z
  .object({ from: Day, to: Day })
  .refine((input) => input.from !== input.to, { message: 'Choose two different days', path: ['to'] });

/** An `Idempotency-Key` header: a UUID the client makes once per action and sends again on a retry. */
export const IdempotencyKeySchema = z.uuid('Idempotency-Key must be a UUID');

// ---- rounds ----

/** Starting a round (POST /api/rounds): the program, by its slug. */
export const StartRoundSchema = z.object({
  program: z
    .string({ error: 'Choose a program' })
    .trim()
    .min(1, 'Choose a program')
    .max(60, 'Choose a program')
    .regex(/^[a-z0-9-]+$/, 'Choose a program'),
});

const ROUND_PARAM_MESSAGE = 'Round must be a whole number from 1';
/** A round in a path (`/api/rounds/:number/…`). */
export const RoundParamSchema = z.object({
  number: z.coerce
    .number({ error: ROUND_PARAM_MESSAGE })
    .int(ROUND_PARAM_MESSAGE)
    .min(1, ROUND_PARAM_MESSAGE)
    .max(32_767, ROUND_PARAM_MESSAGE),
});
