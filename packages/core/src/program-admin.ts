import { z } from 'zod';
import { slugify } from './blog.ts';
import { MAX_DAY_EXERCISES, MAX_PROGRAM_DAYS, MIN_PROGRAM_DAYS, PROGRAM_LEVELS } from './rounds.ts';
import { ProgramDayInputSchema } from './session-plan.ts';

// The coaches' side of programs (/api/admin/programs, docs/decisions/0026): a program's fields, a
// day's exercise list, and what publishing needs.

export const PROGRAM_NAME_MAX = 80;
export const PROGRAM_DESCRIPTION_MAX = 2000;
export const PROGRAM_STATUSES = ['draft', 'published', 'retired'] as const;
export type ProgramStatus = (typeof PROGRAM_STATUSES)[number];

const DAYS_MESSAGE = `Days must be a whole number from ${MIN_PROGRAM_DAYS} to ${MAX_PROGRAM_DAYS}`;

const programFields = {
  name: z
    .string({ error: 'Enter a name' })
    .trim()
    .min(1, 'Enter a name')
    .max(PROGRAM_NAME_MAX, `Please keep the name under ${PROGRAM_NAME_MAX} characters.`)
    .refine((name) => slugify(name).length > 0, 'The name needs a letter or a digit'),
  level: z.enum(PROGRAM_LEVELS, { error: 'Choose a level: beginner, intermediate or advanced' }),
  days: z
    .number({ error: DAYS_MESSAGE })
    .int(DAYS_MESSAGE)
    .min(MIN_PROGRAM_DAYS, DAYS_MESSAGE)
    .max(MAX_PROGRAM_DAYS, DAYS_MESSAGE),
  description: z
    .string({ error: 'The description must be text' })
    .trim()
    .max(PROGRAM_DESCRIPTION_MAX, `Please keep the description under ${PROGRAM_DESCRIPTION_MAX} characters.`),
  /** A circuit: each round goes through every exercise of the day once; else set by set. */
  circuit: z.boolean({ error: 'Circuit is yes or no' }),
};

/** A new program (POST /api/admin/programs): its slug is made from the name. */
export const ProgramInputSchema = z.object({
  ...programFields,
  description: programFields.description.default(''),
  circuit: programFields.circuit.default(false),
});
export type ProgramInput = z.output<typeof ProgramInputSchema>;

/** A change to a program's fields (PATCH /api/admin/programs/:id): any of them, at least one. */
export const ProgramUpdateSchema = z
  .object(programFields)
  .partial()
  .refine((input) => Object.values(input).some((v) => v !== undefined), {
    message: 'Change at least one field',
  });
export type ProgramUpdate = z.output<typeof ProgramUpdateSchema>;

const ID_MESSAGE = 'Program must be a whole number from 1';
/** A program in a path (`/api/admin/programs/:id`). */
export const ProgramIdParamSchema = z.object({
  id: z.coerce
    .number({ error: ID_MESSAGE })
    .int(ID_MESSAGE)
    .min(1, ID_MESSAGE)
    .max(2_147_483_647, ID_MESSAGE),
});

const DAY_MESSAGE = `Day must be a whole number from 1 to ${MAX_PROGRAM_DAYS}`;
/** A program's day in a path (`/api/admin/programs/:id/days/:day`). */
export const ProgramDayParamSchema = ProgramIdParamSchema.extend({
  day: z.coerce
    .number({ error: DAY_MESSAGE })
    .int(DAY_MESSAGE)
    .min(1, DAY_MESSAGE)
    .max(MAX_PROGRAM_DAYS, DAY_MESSAGE),
});

/** A whole day's exercises in order, each with its prescription (PUT …/days/:day). */
export const ProgramDayItemsSchema = z.object({
  items: z
    .array(ProgramDayInputSchema, { error: 'Give the day its exercises' })
    .min(1, 'A day needs at least one exercise')
    .max(MAX_DAY_EXERCISES, `A day holds at most ${MAX_DAY_EXERCISES} exercises`),
});
export type ProgramDayItems = z.output<typeof ProgramDayItemsSchema>;

/** The days of 1..length without an exercise (a program is published only when there are none). */
export function emptyDays(length: number, daysWithExercises: Iterable<number>): number[] {
  const filled = new Set(daysWithExercises);
  return Array.from({ length }, (_, i) => i + 1).filter((day) => !filled.has(day));
}

/** "Day 3 has no exercise yet" / "Days 3, 5 and 7 have no exercise yet". */
export function emptyDaysMessage(days: readonly number[]): string {
  if (days.length === 1) return `Day ${days[0]} has no exercise yet`;
  const listed = `${days.slice(0, -1).join(', ')} and ${days.at(-1)}`;
  return `Days ${listed} have no exercise yet`;
}

/** The name of a copy: "<name> (copy)", held to the name's length. */
export const copyName = (name: string) => `${name.slice(0, PROGRAM_NAME_MAX - 7)} (copy)`;
