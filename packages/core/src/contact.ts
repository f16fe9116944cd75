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
