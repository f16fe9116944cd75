import { z } from 'zod';

/** spec §5 New discussion topic: title non-blank, description optional. */
export const TopicInputSchema = z.object({
  title: z
    .string('Please enter a title for your topic.')
    .trim()
    .min(1, 'Please enter a title for your topic.')
    .max(200, 'Please keep the title under 200 characters.'),
  description: z
    .string()
    .trim()
    .max(2000, 'Please keep the description under 2,000 characters.')
    .optional()
    .default(''),
});
export type TopicInput = z.input<typeof TopicInputSchema>;

export const MESSAGE_MAX_LENGTH = 5000;

/** spec §5 Message send and Admin reply: trimmed, non-blank. */
export const MessageInputSchema = z.object({
  message: z
    .string('Please enter a message.')
    .trim()
    .min(1, 'Please enter a message.')
    .max(MESSAGE_MAX_LENGTH, 'Please keep your message under 5,000 characters.'),
});

export const TopicIdParamSchema = z.object({ topicId: z.uuid('No such discussion topic') });
/** The coach's inbox: the Active tab, or the Archived one. */
export const TopicListQuerySchema = z.object({
  archived: z.enum(['true', 'false']).optional().default('false'),
});

export const ArchiveInputSchema = z.object({ isArchived: z.boolean('isArchived must be true or false') });
