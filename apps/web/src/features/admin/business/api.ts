import type { BusinessCohorts, BusinessNow, BusinessOverTime } from '@core28/core/business';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson } from '@/lib/api';

// The owner's figures. Now is live (a checkout shows at the next load); the periods and cohorts
// follow the page's range, the one shown staying while the next loads.

export type Range = { from: string; to: string };

const query = (range: Range, extra: Record<string, string> = {}) =>
  new URLSearchParams({ from: range.from, to: range.to, ...extra }).toString();

export const businessNowQuery = () =>
  queryOptions({
    queryKey: ['admin', 'business', 'now'] as const,
    queryFn: () => getJson<BusinessNow>('/api/admin/business/now'),
    refetchInterval: 60_000,
    meta: { errorLog: 'Failed to load the business figures' },
  });

export const businessOverTimeQuery = (range: Range, by: 'month' | 'week') =>
  queryOptions({
    queryKey: ['admin', 'business', 'over-time', range.from, range.to, by] as const,
    queryFn: () => getJson<BusinessOverTime>(`/api/admin/business/over-time?${query(range, { by })}`),
    placeholderData: keepPreviousData,
    meta: { errorLog: 'Failed to load the business figures over time' },
  });

export const businessCohortsQuery = (range: Range) =>
  queryOptions({
    queryKey: ['admin', 'business', 'cohorts', range.from, range.to] as const,
    queryFn: () => getJson<BusinessCohorts>(`/api/admin/business/cohorts?${query(range)}`),
    placeholderData: keepPreviousData,
    meta: { errorLog: 'Failed to load the cohorts' },
  });
