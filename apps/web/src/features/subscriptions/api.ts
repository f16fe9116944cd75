import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export const subscriptionQuery = () =>
  queryOptions({
    queryKey: ['subscription'],
    queryFn: () => unwrap(api.subscription.$get()),
    staleTime: 60_000,
  });
