import { z } from 'zod';

export const FILL_ALL_FIELDS = 'Please fill in all fields.';

/** spec §5 Contact: all three fields trimmed and non-empty, a valid e-mail, sensible lengths. */
export const ContactSchema = z.object({
  name: z
    .string(FILL_ALL_FIELDS)
    .trim()
    .min(1, FILL_ALL_FIELDS)
    .max(100, 'Please keep your name under 100 characters.'),
  email: z
    .string(FILL_ALL_FIELDS)
    .trim()
    .min(1, FILL_ALL_FIELDS)
    .max(254, 'That e-mail address is too long.')
    .pipe(z.email('Please enter a valid email address.')),
  message: z
    .string(FILL_ALL_FIELDS)
    .trim()
    .min(1, FILL_ALL_FIELDS)
    .max(5000, 'Please keep your message under 5,000 characters.'),
});
export type ContactInput = z.infer<typeof ContactSchema>;

// ---- the support inbox (staff with the `support` capability) ----

export const SUPPORT_VIEWS = ['open', 'handled'] as const;
export type SupportView = (typeof SUPPORT_VIEWS)[number];
export const SUPPORT_PAGE_SIZE = 50;

/** Who wrote, matched by e-mail to a member: priority support goes to 1-on-1 Burn, then The Daily Core. */
export const SUPPORT_PRIORITIES = ['burn', 'daily-core', 'other'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];

export const SupportListQuerySchema = z.object({
  view: z.enum(SUPPORT_VIEWS).optional().default('open'),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export const SupportMessageParamSchema = z.object({ messageId: z.uuid('No such message') });
export const SupportHandledSchema = z.object({ handled: z.boolean('handled must be true or false') });
export const SupportReplySchema = z.object({
  message: z
    .string('Please write the reply.')
    .trim()
    .min(1, 'Please write the reply.')
    .max(5000, 'Please keep the reply under 5,000 characters.'),
});
