import type { MemberDayInput, ProgramDayInput } from '@core28/core/session-plan';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

// The coach's side of the program: the 28 standard days (/admin/exercises) and one member's own
// plan (/admin/users/:userId). Apart from api.ts, which members' pages load.

// ---- the program's 28 days ----

const programDaysKey = ['admin', 'program-days'] as const;
const programDays = api.admin['program-days'];

export const programDaysQuery = () =>
  queryOptions({
    queryKey: programDaysKey,
    queryFn: () => unwrap(programDays.$get()),
    meta: { errorLog: 'Failed to load the program days' },
  });

export type AdminProgramDay = InferResponseType<typeof programDays.$get, 200>['days'][number];

export function useSaveProgramDay(day: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: ProgramDayInput) =>
      unwrap(programDays[':day'].$put({ param: { day: String(day) }, json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programDaysKey }),
  });
}

/** Swaps two days' exercise and prescription (how the coach reorders the program). */
export function useSwapProgramDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: { from: number; to: number }) => unwrap(programDays.swap.$post({ json })),
    onSuccess: (answer) => queryClient.setQueryData(programDaysKey, answer),
  });
}

// ---- one member's plan ----

// Under the member's detail key (admin's ['admin', 'member', userId]): reading the member again
// reads their plan too.
const memberPlanKey = (userId: string) => ['admin', 'member', userId, 'plan'] as const;

export const memberPlanQuery = (userId: string) =>
  queryOptions({
    queryKey: memberPlanKey(userId),
    queryFn: () => unwrap(api.admin['member-plans'][':userId'].$get({ param: { userId } })),
    meta: { errorToast: { title: "Failed to load the member's plan" } },
  });
export type MemberPlan = InferResponseType<(typeof api.admin)['member-plans'][':userId']['$get'], 200>;

/**
 * Sets or resets one of the member's days; the plan takes the answer, and `onChanged` (the
 * member page's: their detail and summary) runs after.
 */
export function useMemberDay(userId: string, onChanged: () => void) {
  const queryClient = useQueryClient();
  const onSuccess = (plan: MemberPlan) => {
    queryClient.setQueryData(memberPlanKey(userId), plan);
    onChanged();
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
