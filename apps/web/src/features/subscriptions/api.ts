import type { CheckoutPlanId } from '@core28/core/plans';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export const subscriptionQuery = () =>
  queryOptions({
    queryKey: ['subscription'],
    queryFn: () => unwrap(api.subscription.$get()),
    staleTime: 60_000,
  });

export function useActivateTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.subscription.trial.$post()),
    onSuccess: (state) => queryClient.setQueryData(subscriptionQuery().queryKey, state),
  });
}

export const billingQuery = () =>
  queryOptions({
    queryKey: ['billing'],
    queryFn: () => unwrap(api.subscription.billing.$get()),
    staleTime: 60_000,
  });

export const createCheckout = (plan: CheckoutPlanId) =>
  unwrap(api.subscription.checkout.$post({ json: { plan } }));
export const confirmCheckout = (sessionId: string) =>
  unwrap(api.subscription.confirm.$post({ json: { session_id: sessionId } }));
export const openPortal = () => unwrap(api.subscription.portal.$post());
