import { z } from 'zod';

// "Limited seats" on 1-on-1 Burn: the waitlist a visitor joins when every seat is taken.

/** Joining the 1-on-1 Burn waitlist: an e-mail and the billing wanted when a seat is offered. */
export const WaitlistJoinSchema = z.object({
  email: z
    .string('Please enter your e-mail address.')
    .trim()
    .min(1, 'Please enter your e-mail address.')
    .max(254, 'That e-mail address is too long.')
    .pipe(z.email('Please enter a valid email address.')),
  interval: z.enum(['month', 'year'], { error: 'Please choose monthly or yearly billing.' }),
});
export type WaitlistJoin = z.infer<typeof WaitlistJoinSchema>;

export const WAITLIST_JOINED_MESSAGE =
  "You're on the waitlist. We'll e-mail you as soon as a 1-on-1 Burn seat frees up, and keep it for you for 48 hours.";

/** Where an entry of the waitlist stands, as the owner's list shows it. */
export type WaitlistStatus = 'waiting' | 'offered' | 'offer-expired' | 'closed';

export const WaitlistIdParamSchema = z.object({ waitlistId: z.uuid('No such waitlist entry') });
