import { z } from 'zod';
import { GRANTABLE_ROLES } from './staff.ts';

// The team page's requests: invitations, grants and seats, a coach's profile, a member's coach
// (docs/decisions/0027).

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
export const COACH_BIO_MAX = 500;
export const COACH_NAME_MAX = 80;
export const SEATS_MAX = 10_000;

const rolesField = z
  .array(z.enum(GRANTABLE_ROLES, 'Choose roles from coach, editor, all members and support.'))
  .min(1, 'Choose at least one role.')
  .max(GRANTABLE_ROLES.length)
  .transform((roles) => [...new Set(roles)]);

export const InvitationInputSchema = z.object({
  email: z.email('Please enter a valid e-mail address.').trim().max(254),
  roles: rolesField,
});
export type InvitationInput = z.input<typeof InvitationInputSchema>;

export const InvitationTokenSchema = z.object({
  token: z.string('The invitation link is incomplete.').trim().min(20).max(200),
});

export const InvitationIdParamSchema = z.object({ id: z.uuid('No such invitation') });

/** A staff member's grants and, for a coach, seats; either or both. */
export const TeamMemberUpdateSchema = z
  .object({
    roles: rolesField.optional(),
    seats: z
      .number('Seats must be a whole number.')
      .int('Seats must be a whole number.')
      .min(0, 'Seats cannot be negative.')
      .max(SEATS_MAX, `Seats go up to ${SEATS_MAX.toLocaleString('en-US')}.`)
      .optional(),
  })
  .refine((body) => body.roles !== undefined || body.seats !== undefined, 'Send roles, seats or both.');
export type TeamMemberUpdate = z.input<typeof TeamMemberUpdateSchema>;

export const CoachProfileInputSchema = z.object({
  name: z
    .string('Please enter your name.')
    .trim()
    .min(1, 'Please enter your name.')
    .max(COACH_NAME_MAX, `Please keep your name under ${COACH_NAME_MAX} characters.`),
  bio: z
    .string()
    .trim()
    .max(COACH_BIO_MAX, `Please keep your bio under ${COACH_BIO_MAX} characters.`)
    .default(''),
});
export type CoachProfileInput = z.input<typeof CoachProfileInputSchema>;

export const MemberCoachInputSchema = z.object({
  coachId: z.string('Choose a coach.').trim().min(1, 'Choose a coach.').max(100),
});

/** A coach as a member sees them (the one-on-one card, a reply's author). */
export type CoachCard = { id: string; name: string; bio: string; photoUrl: string | null };

/** One row of the team page. */
export type TeamMemberRow = {
  userId: string;
  email: string;
  name: string;
  roles: string[];
  photoUrl: string | null;
  /** Coaches only (null otherwise): members assigned, seats, free seats. */
  members: number | null;
  seats: number | null;
  freeSeats: number | null;
  openConversations: number;
  /** Median minutes from a member's message to this coach's next reply, last 30 days. */
  medianFirstReplyMinutes: number | null;
  /** Their members' conversations waiting longer than the reply target. */
  overdueConversations: number;
};

export type InvitationRow = {
  id: string;
  email: string;
  roles: string[];
  expiresAt: string;
  createdAt: string;
};

/** What the join page learns from its token. */
export type InvitationPreview = {
  email: string;
  roles: string[];
  state: 'open' | 'accepted' | 'revoked' | 'expired';
};
