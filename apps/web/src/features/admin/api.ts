import type { MemberDayInput } from '@core28/core/session-plan';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { exerciseKeys } from '../exercises/api';

export const adminKeys = {
  dashboard: ['admin', 'dashboard'] as const,
  program: ['admin', 'program'] as const,
  users: (search: string, page: number, filters: MemberFilters) =>
    ['admin', 'users', search, page, filters] as const,
  member: (userId: string) => ['admin', 'member', userId] as const,
  memberSummary: (userId: string) => ['admin', 'member', userId, 'summary'] as const,
  memberPlan: (userId: string) => ['admin', 'member', userId, 'plan'] as const,
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

export const memberPlanQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.memberPlan(userId),
    queryFn: () => unwrap(api.admin['member-plans'][':userId'].$get({ param: { userId } })),
    meta: { errorToast: { title: "Failed to load the member's plan" } },
  });
export type MemberPlan = InferResponseType<(typeof api.admin)['member-plans'][':userId']['$get'], 200>;

/** Sets or resets one of the member's days; the plan, detail and summary are read again. */
export function useMemberDay(userId: string) {
  const queryClient = useQueryClient();
  const onSuccess = (plan: MemberPlan) => {
    queryClient.setQueryData(adminKeys.memberPlan(userId), plan);
    void queryClient.invalidateQueries({ queryKey: adminKeys.member(userId) });
  };
  const days = api.admin['member-plans'][':userId'].days[':day'];
  const save = useMutation({
    mutationFn: ({ day, input }: { day: number; input: MemberDayInput }) =>
      unwrap(days.$put({ param: { userId, day: String(day) }, json: input })),
    onSuccess,
  });
  const reset = useMutation({
    mutationFn: (day: number) => unwrap(days.$delete({ param: { userId, day: String(day) } })),
    onSuccess,
  });
  return { save, reset };
}

/** The exercises a member's day may use (the library's own list and key). */
export const exerciseChoicesQuery = () =>
  queryOptions({
    queryKey: exerciseKeys.admin,
    queryFn: () => unwrap(api.admin.exercises.$get()),
    meta: { errorLog: 'Failed to load exercises' },
  });
