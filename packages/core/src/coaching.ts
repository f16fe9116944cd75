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
/**
 * The coach's inbox: "Awaiting reply" (the member spoke last; the longest wait first), "All"
 * (every open conversation, newest activity first), "Archived".
 */
export const INBOX_VIEWS = ['awaiting', 'all', 'archived'] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];
export const INBOX_PAGE_SIZE = 50;

export const TopicListQuerySchema = z.object({
  /** The older form of the view: `true` is "archived", `false` "all"; `view` wins when both are given. */
  archived: z.enum(['true', 'false']).optional(),
  view: z.enum(INBOX_VIEWS).optional(),
  /** A member's name or e-mail, or words of a message. */
  q: z.string().trim().max(100, 'Please search with fewer than 100 characters.').optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

/** The view a list query asks for (without any: "all", as the list always answered). */
export const inboxViewOf = (query: {
  archived?: 'true' | 'false' | undefined;
  view?: InboxView | undefined;
}) => query.view ?? (query.archived === 'true' ? 'archived' : 'all');

export const ArchiveInputSchema = z.object({ isArchived: z.boolean('isArchived must be true or false') });

// ---- attachments and saved replies ----

/** The attachment limit unless the server's ATTACHMENT_MAX_BYTES says otherwise. */
export const DEFAULT_ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

/** Photos and short videos a member or coach may attach, as read from the bytes. */
export const ATTACHMENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'video/mp4',
  'video/webm',
  'video/quicktime',
] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

export const ATTACHMENT_ERRORS = {
  notAllowed:
    'Only photos (JPEG, PNG, WebP) and videos (MP4, WebM, MOV) can be attached. This file is neither.',
  missingFile: 'Send the file as multipart/form-data in the field "file".',
  tooLarge: (maxBytes: number) =>
    `The file is too large (at most ${
      maxBytes < 1024 * 1024
        ? `${Math.round(maxBytes / 1024)} KB`
        : `${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB`
    }).`,
} as const;

/** A message with an attachment may leave its text empty. */
export const AttachmentCaptionSchema = z.object({
  message: z
    .string()
    .trim()
    .max(MESSAGE_MAX_LENGTH, 'Please keep your message under 5,000 characters.')
    .default(''),
});

export const SavedReplyInputSchema = z.object({
  title: z
    .string('Please enter a title.')
    .trim()
    .min(1, 'Please enter a title.')
    .max(100, 'Please keep the title under 100 characters.'),
  body: z
    .string('Please enter the reply.')
    .trim()
    .min(1, 'Please enter the reply.')
    .max(MESSAGE_MAX_LENGTH, 'Please keep the reply under 5,000 characters.'),
  /** Shown to the whole team; only its author edits or deletes it. */
  shared: z.boolean('shared must be true or false').optional().default(false),
});
export type SavedReplyInput = z.input<typeof SavedReplyInputSchema>;
export const SavedReplyIdParamSchema = z.object({ replyId: z.uuid('No such saved reply') });
export const MessageIdParamSchema = z.object({ messageId: z.uuid('No such attachment') });

/** `{firstName}` and `{day}` filled in; an unknown placeholder stays as written. */
export function fillSavedReply(body: string, values: { firstName: string; day: number }): string {
  return body.replace(/\{(firstName|day)\}/g, (_, key: 'firstName' | 'day') =>
    key === 'day' ? String(values.day) : values.firstName || 'there',
  );
}
