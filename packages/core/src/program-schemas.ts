import { z } from 'zod';
import { PROGRAM_DAYS } from './program.ts';

const Day = z
  .number({ error: 'Day must be a number from 1 to 28' })
  .int('Day must be a whole number')
  .min(1, 'Day must be between 1 and 28')
  .max(PROGRAM_DAYS, 'Day must be between 1 and 28');
const Rating = (label: string) =>
  z
    .number({ error: `${label} must be a whole number from 1 to 5` })
    .int(`${label} must be a whole number from 1 to 5`)
    .min(1, `${label} must be between 1 and 5`)
    .max(5, `${label} must be between 1 and 5`);

export const CompleteDaySchema = z.object({ day: Day });
export const DayResultSchema = z.object({
  day: Day,
  totalSeconds: z.number().int().min(0, 'Time cannot be negative').max(86_400, 'Time must be under 24 hours'),
  reps: z.number().int().min(0, 'Reps cannot be negative').max(100_000, 'That is too many reps'),
});
export const WellnessSchema = z.object({ day: Day, feeling: Rating('Feeling'), energy: Rating('Energy') });

export type DayResultInput = z.infer<typeof DayResultSchema>;
export type WellnessInput = z.infer<typeof WellnessSchema>;
