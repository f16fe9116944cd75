import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => unwrap(api.admin.dashboard.$get()),
    refetchInterval: 60_000,
  });

export type Dashboard = Awaited<ReturnType<NonNullable<ReturnType<typeof dashboardQuery>['queryFn']>>>;

export const programAnalyticsQuery = () =>
  queryOptions({ queryKey: ['admin', 'program'], queryFn: () => unwrap(api.admin.program.$get()) });

export type ProgramAnalytics = Awaited<
  ReturnType<NonNullable<ReturnType<typeof programAnalyticsQuery>['queryFn']>>
>;
