import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

export const adminKeys = {
  dashboard: ['admin', 'dashboard'] as const,
  program: ['admin', 'program'] as const,
  users: (search: string, page: number) => ['admin', 'users', search, page] as const,
};

export const dashboardQuery = () =>
  queryOptions({
    queryKey: adminKeys.dashboard,
    queryFn: () => unwrap(api.admin.dashboard.$get()),
    refetchInterval: 60_000,
    meta: { errorLog: 'Failed to load the dashboard' }, // spec §8: logged; the cards show 0
  });

export type Dashboard = InferResponseType<typeof api.admin.dashboard.$get, 200>;

export const programAnalyticsQuery = () =>
  queryOptions({
    queryKey: adminKeys.program,
    queryFn: () => unwrap(api.admin.program.$get()),
    meta: { errorLog: 'Failed to load program analytics' }, // spec §8: logged
  });

export type ProgramAnalytics = InferResponseType<typeof api.admin.program.$get, 200>;

export const USERS_PAGE_SIZE = 25;

/** One page of the member list; the page shown stays while the next one loads. */
export const usersQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.users(search, page),
    queryFn: () =>
      unwrap(
        api.admin.users.$get({
          query: { search, page: String(page), pageSize: String(USERS_PAGE_SIZE) },
        }),
      ),
    placeholderData: keepPreviousData,
    meta: { errorLog: 'Failed to load users' }, // spec §8: logged; the list falls back to empty
  });
