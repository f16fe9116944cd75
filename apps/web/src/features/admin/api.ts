import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

export const adminKeys = {
  dashboard: ['admin', 'dashboard'] as const,
  program: ['admin', 'program'] as const,
  users: (search: string, page: number, filters: MemberFilters) =>
    ['admin', 'users', search, page, filters] as const,
  member: (userId: string) => ['admin', 'member', userId] as const,
  memberSummary: (userId: string) => ['admin', 'member', userId, 'summary'] as const,
};

/** The member list's filters and sort, as the server's query takes them. */
export type MemberFilters = {
  plan: 'all' | 'paid' | 'trial';
  burn: 'true' | 'false';
  missed: string;
  falling: 'true' | 'false';
  sort: 'registered' | 'lastActive' | 'missed';
};
export const NO_FILTERS: MemberFilters = {
  plan: 'all',
  burn: 'false',
  missed: '0',
  falling: 'false',
  sort: 'registered',
};

export const dashboardQuery = () =>
  queryOptions({
    queryKey: adminKeys.dashboard,
    queryFn: () => unwrap(api.admin.dashboard.$get()),
    refetchInterval: 60_000,
    meta: { errorLog: 'Failed to load the dashboard' }, // spec §8: logged; the cards show 0
  });

export type Dashboard = InferResponseType<typeof api.admin.dashboard.$get, 200>;
export type AttentionItem = Dashboard['attention'][number];

/** Who needs attention among the viewer's own members (a coach's; the owner's: everyone). */
export const attentionQuery = () =>
  queryOptions({
    queryKey: ['admin', 'users', 'attention'] as const,
    queryFn: () => unwrap(api.admin.attention.$get()),
    refetchInterval: 60_000,
    meta: { errorLog: 'Failed to load who needs attention' },
  });

export const programAnalyticsQuery = () =>
  queryOptions({
    queryKey: adminKeys.program,
    queryFn: () => unwrap(api.admin.program.$get()),
    meta: { errorLog: 'Failed to load program analytics' }, // spec §8: logged
  });

export type ProgramAnalytics = InferResponseType<typeof api.admin.program.$get, 200>;

export const USERS_PAGE_SIZE = 25;

/** One page of the member list; the page shown stays while the next one loads. */
export const usersQuery = (search: string, page: number, filters: MemberFilters = NO_FILTERS) =>
  queryOptions({
    queryKey: adminKeys.users(search, page, filters),
    queryFn: () =>
      unwrap(
        api.admin.users.$get({
          query: { search, page: String(page), pageSize: String(USERS_PAGE_SIZE), ...filters },
        }),
      ),
    placeholderData: keepPreviousData,
    meta: { errorLog: 'Failed to load users' }, // spec §8: logged; the list falls back to empty
  });

export type MemberListRow = InferResponseType<typeof api.admin.users.$get, 200>['users'][number];

// ---- one member, as the coach sees them ----

export const memberDetailQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.member(userId),
    queryFn: () => unwrap(api.admin.users[':userId'].$get({ param: { userId } })),
    meta: { errorToast: { title: 'Failed to load the member' } },
  });
export type MemberDetail = InferResponseType<(typeof api.admin.users)[':userId']['$get'], 200>;

/** The chat's side panel (coaching reaches it through this file). */
export const memberSummaryQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.memberSummary(userId),
    queryFn: () => unwrap(api.admin.users[':userId'].summary.$get({ param: { userId } })),
    refetchInterval: 60_000,
    meta: { errorLog: "Failed to load the member's summary" },
  });
export type MemberSummary = InferResponseType<(typeof api.admin.users)[':userId']['summary']['$get'], 200>;

/** Reads the member's detail (and with it their summary and plan) again, after a change to their plan. */
export function useRefreshMember(userId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminKeys.member(userId) });
}
