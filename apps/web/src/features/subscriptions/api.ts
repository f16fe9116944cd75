import type { CheckoutPlanId } from '@core28/core/plans';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, api, unwrap } from '@/lib/api';
import { useDraftKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';

import { subscriptionQuery, viewerKeys } from '@/lib/viewer';
export const subscriptionKeys = {
  state: viewerKeys.subscription,
  plan: ['subscription', 'plan'] as const,
  preview: (plan: CheckoutPlanId | null) => ['subscription', 'preview', plan] as const,
  billing: ['billing'] as const,
};

/** The paid plan with its billing interval, cancellation and scheduled downgrade. */
export const planQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.plan,
    queryFn: () => unwrap(api.subscription.plan.$get()),
    staleTime: 60_000,
  });

/** Starting the trial; tapped again after a lost answer, it goes with the same key. */
export function useActivateTrial() {
  const queryClient = useQueryClient();
  const draft = useDraftKey();
  return useMutation({
    mutationFn: () => unwrap(api.subscription.trial.$post(undefined, { headers: draft.keyFor('trial') })),
    onSuccess: (state) => {
      draft.sent('trial');
      queryClient.setQueryData(subscriptionQuery().queryKey, state);
    },
  });
}

/** spec §8: a trial started without a session says 'Authentication Error' / 'Please sign in to continue.'. */
export function toastTrialError(err: Error) {
  if (err instanceof ApiError && err.status === 401)
    toast.error('Authentication Error', { description: 'Please sign in to continue.' });
  else toast.error('Error', { description: err.message });
}

export const billingQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.billing,
    queryFn: () => unwrap(api.subscription.billing.$get()),
    staleTime: 60_000,
    meta: { errorToast: { title: 'Error', description: 'Failed to load billing information.' } },
  });

export const createCheckout = (plan: CheckoutPlanId) =>
  unwrap(api.subscription.checkout.$post({ json: { plan } }));
export const confirmCheckout = (sessionId: string) =>
  unwrap(api.subscription.confirm.$post({ json: { session_id: sessionId } }));
export const openPortal = () => unwrap(api.subscription.portal.$post());
/** The billing portal, opened on cancelling at the period end. */
export const openCancelPortal = () => unwrap(api.subscription.portal.cancel.$post());

/** What switching to `plan` costs today and when it starts (the provider's proration preview). */
export const planChangePreviewQuery = (plan: CheckoutPlanId | null) =>
  queryOptions({
    queryKey: subscriptionKeys.preview(plan),
    queryFn: () => unwrap(api.subscription.change.preview.$post({ json: { plan: plan! } })),
    enabled: plan !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** Everything a plan change or a payment can change: the state, the plan, the billing details. */
export function refreshSubscription(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.state }),
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.billing }),
  ]);
}

/** A plan change; the same change confirmed again after a lost answer goes with the same key. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  const draft = useDraftKey();
  const draftOf = (json: { plan: CheckoutPlanId; proration_date?: number }) =>
    `${json.plan} ${json.proration_date ?? ''}`;
  return useMutation({
    mutationFn: (json: { plan: CheckoutPlanId; proration_date?: number }) =>
      unwrap(api.subscription.change.$post({ json }, { headers: draft.keyFor(draftOf(json)) })),
    onSuccess: (_answer, json) => {
      draft.sent(draftOf(json));
      announceSubscriptionChange();
      return refreshSubscription(queryClient);
    },
  });
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  const draft = useDraftKey();
  return useMutation({
    mutationFn: () => unwrap(api.subscription.resume.$post(undefined, { headers: draft.keyFor('resume') })),
    onSuccess: () => {
      draft.sent('resume');
      announceSubscriptionChange();
      return refreshSubscription(queryClient);
    },
  });
}

// The checkout opens in a new tab (spec §7): the tab left behind hears of the payment from the
// success page through this channel, and re-reads the subscription when it gets focus again.
const CHANNEL = 'core28-subscription';

export function announceSubscriptionChange() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: 'subscription-changed' });
  channel.close();
}

/** Re-reads the subscription when another tab of this browser says it changed. */
export function useSubscriptionChanges() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void refreshSubscription(queryClient);
    return () => channel.close();
  }, [queryClient]);
}

/** Whether 1-on-1 Burn has a free seat (or one kept for this viewer): the plan cards ask. */
export const seatsQuery = () =>
  queryOptions({
    queryKey: ['coaching', 'seats'] as const,
    queryFn: () => unwrap(api.coaching.seats.$get()),
    staleTime: 60_000,
  });

export const joinWaitlist = (input: { email: string; interval: 'month' | 'year' }) =>
  unwrap(api.coaching.waitlist.$post({ json: input }));
