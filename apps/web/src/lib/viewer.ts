import { entitlementsOf, type MemberSubscription } from '@core28/core/entitlements';
import type { Viewer } from '@core28/core/navigation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

// Who is looking, read by nearly every page: below every feature, so that none of them has to
// import another (auth, which signs in and out, and subscriptions, which changes the plan) to know.

export const viewerKeys = {
  me: ['me'] as const,
  subscription: ['subscription'] as const,
};

/**
 * Whether someone was signed in on this browser when `me` last answered: a hint for what to load
 * at start (the members' chrome), never a decision of who may see what.
 */
const SIGNED_IN_HINT = 'core28:signed-in';
export function wasSignedIn() {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}
function rememberSignedIn(isSignedIn: boolean) {
  try {
    if (isSignedIn) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // Storage refused (a private window's quota): the chrome loads when `me` answers instead.
  }
}

export const meQuery = () =>
  queryOptions({
    queryKey: viewerKeys.me,
    queryFn: async () => {
      const me = await unwrap(api.me.$get());
      rememberSignedIn(me.user !== null);
      return me;
    },
    staleTime: 5 * 60_000,
  });

export const subscriptionQuery = () =>
  queryOptions({
    queryKey: viewerKeys.subscription,
    queryFn: async () => withEntitlements(await unwrap(api.subscription.$get())),
    staleTime: 60_000,
  });

/**
 * An answer from before the server sent entitlements (the offline copy an older release kept)
 * gets them from the same rule in core, here, instead of breaking every page that reads them.
 */
export function withEntitlements<T extends MemberSubscription>(answer: T): T {
  if (answer.entitlements) return answer;
  const state = {
    ...answer,
    trial_available: answer.trial_available ?? false,
    payment_grace_end: answer.payment_grace_end ?? null,
  };
  return { ...state, entitlements: entitlementsOf(state, { isAdmin: false, now: new Date() }) };
}

/** Set by sign-out so a guarded page being left sends the member home, not to /auth. */
export const signOutState = { hasSignedOut: false };

/** Who is looking: the session, the profile, the admin flag and the subscription state. */
export function useViewer() {
  const me = useQuery(meQuery());
  const user = me.data?.user ?? null;
  if (user) signOutState.hasSignedOut = false;
  const subscription = useQuery({ ...subscriptionQuery(), enabled: user !== null });
  const viewer: Viewer = { isSignedIn: user !== null, subscription: subscription.data ?? null };
  return {
    isLoading: me.isPending,
    /** Whether what this viewer may do is not known yet: who they are, or (signed in) their plan. */
    isDeciding: me.isPending || (user !== null && subscription.isPending),
    user,
    profile: me.data?.profile ?? null,
    avatarUrl: me.data?.avatar?.url ?? null,
    isAdmin: me.data?.isAdmin ?? false,
    /** The account's staff roles and whether this session may act with them (null: a member). */
    staff: me.data?.staff ?? null,
    subscription: subscription.data ?? null,
    viewer,
  };
}
