/**
 * What a link that failed says, by better-auth's `error` code on the link's return address.
 * Confirmation links return to the auth page or the subscription sign-up flow; password-reset
 * links to the auth page's recovery mode (`/auth?type=recovery`), which says so in its own words.
 */
const CONFIRMATION_LINK_ERRORS: Record<string, string> = {
  TOKEN_EXPIRED: 'This confirmation link has expired. Sign in to get a new one.',
  INVALID_TOKEN: 'This confirmation link is invalid. Sign in to get a new one.',
};

export const linkErrorMessage = (code: string) =>
  CONFIRMATION_LINK_ERRORS[code.toUpperCase()] ?? 'This link is invalid or has expired.';

/** better-auth answers INVALID_TOKEN for a reset link that is unknown, used or expired alike. */
export const RESET_LINK_ERROR =
  'This password reset link is invalid or has expired. Please request a new one.';

/** Where better-auth's own reset-link endpoint returns (`?token=` or `?error=`): the recovery mode. */
export const RESET_LINK_RETURN = '/auth?type=recovery';
