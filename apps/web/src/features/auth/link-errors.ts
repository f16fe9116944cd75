/**
 * What a confirmation link that failed says, by better-auth's `error` code on the link's return
 * address: the auth page and the subscription sign-up flow both receive them.
 */
const LINK_ERRORS: Record<string, string> = {
  TOKEN_EXPIRED: 'This confirmation link has expired. Sign in to get a new one.',
  INVALID_TOKEN: 'This confirmation link is invalid. Sign in to get a new one.',
};

export const linkErrorMessage = (code: string) =>
  LINK_ERRORS[code.toUpperCase()] ?? 'This link is invalid or has expired.';
