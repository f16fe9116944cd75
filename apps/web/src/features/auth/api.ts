import { EMAIL_CONFIRMED_CALLBACK } from '@core28/core/navigation';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api, holdRequestsUntil, postJson, unwrap } from '@/lib/api';
import { MEMBER_CACHE } from '@/lib/member-cache';
import { meQuery, signOutState, viewerKeys } from '@/lib/viewer';
import { RESET_LINK_RETURN } from './link-errors';

export const authKeys = {
  me: viewerKeys.me,
  providers: ['auth-providers'] as const,
};

export const providersQuery = () =>
  queryOptions({
    queryKey: authKeys.providers,
    queryFn: () => unwrap(api.auth.providers.$get()),
    staleTime: Infinity,
  });

/** spec §2: Google and Apple sign-in return to /. */
export async function signInWithProvider(provider: 'google' | 'apple') {
  const { url } = await postJson<{ url: string }>('/api/auth/sign-in/social', { provider, callbackURL: '/' });
  window.location.assign(url);
}

/** A password sign-in; an account with a second factor answers `twoFactorRedirect` instead of a session. */
export const signIn = (body: { email: string; password: string }) =>
  postJson<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', body);

/** The sign-in's second step (or enrolment's confirmation): the authenticator app's code. */
export const verifyTotp = (code: string) => postJson('/api/auth/two-factor/verify-totp', { code });

/** The sign-in's second step with a single-use backup code. */
export const verifyBackupCode = (code: string) =>
  postJson('/api/auth/two-factor/verify-backup-code', { code });

export const signUp = (body: { email: string; password: string; name: string }) =>
  postJson('/api/auth/sign-up/email', { ...body, callbackURL: EMAIL_CONFIRMED_CALLBACK });

export const requestPasswordReset = (email: string) =>
  postJson('/api/auth/request-password-reset', { email, redirectTo: RESET_LINK_RETURN });

export const recoverPassword = (json: { token: string; newPassword: string }) =>
  unwrap(api.auth['recover-password'].$post({ json }));

/**
 * spec §4: sign-out clears local state at once, tells the server in the background, always
 * succeeds. Nothing of the member survives it: answers still on their way are dropped, every
 * cached query but the (now empty) session goes, and requests wait until the server has ended the
 * session, so none made meanwhile can bring the member's data back.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return () => {
    signOutState.hasSignedOut = true;
    // This browser stops showing the member's notifications.
    void import('../push/api').then(({ forgetDevicePush }) => forgetDevicePush()).catch(() => undefined);
    const signedOut = fetch('/api/auth/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      // The tab closed or left at once must not cancel it, or the session lives on on the server.
      keepalive: true,
    }).catch(() => undefined);
    holdRequestsUntil(signedOut);
    void queryClient.cancelQueries();
    queryClient.setQueryData(meQuery().queryKey, {
      user: null,
      profile: null,
      avatar: null,
      isAdmin: false,
      staff: null,
    });
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.me[0] });
    // The service worker's copies of the member's answers go too (it drops them as well).
    void signedOut.finally(async () => {
      await globalThis.caches?.delete(MEMBER_CACHE).catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: authKeys.me });
    });
  };
}
