import { z } from 'zod';
import { VIDEO_ERRORS, youtubeVideoId } from './exercise-media.ts';

export const EXERCISE_CATEGORIES = ['time', 'reps'] as const;

const optionalText = (max: number) => z.string().trim().max(max).optional().default('');

/** spec §5 Admin add exercise: the name is required, other fields trimmed. */
export const ExerciseInputSchema = z.object({
  name: z
    .string('Exercise name is required')
    .trim()
    .min(1, 'Exercise name is required')
    .max(120, 'Exercise name is too long'),
  description: optionalText(5000),
  exercise: optionalText(500),
  videoUrl: z
    .string()
    .trim()
    .max(2000)
    .superRefine((url, ctx) => {
      if (url === '') return;
      if (!/^https?:\/\/\S+$/i.test(url))
        ctx.addIssue({ code: 'custom', message: 'The video link must start with http:// or https://' });
      // A link is shown embedded, so it must be one YouTube video; other videos are uploaded.
      else if (!youtubeVideoId(url)) ctx.addIssue({ code: 'custom', message: VIDEO_ERRORS.notYouTube });
    })
    .optional()
    .default(''),
  category: z.enum(EXERCISE_CATEGORIES, { error: 'Category must be time or reps' }).default('time'),
});
export type ExerciseInput = z.input<typeof ExerciseInputSchema>;

export const ExerciseIdParamSchema = z.object({ id: z.coerce.number().int().positive('No such exercise') });
