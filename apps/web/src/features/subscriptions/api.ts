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
