import type { ProgramDayItems, ProgramInput, ProgramUpdate } from '@core28/core/program-admin';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';

// The coaches' programs (/admin/programs and /admin/programs/:id): the list, one program with its
// days, every change to it, and its analytics.

const programs = api.admin.programs;
const one = programs[':id'];

export const programKeys = {
  all: ['admin', 'programs'] as const,
  one: (id: number) => ['admin', 'programs', id] as const,
  analytics: (id: number) => ['admin', 'programs', id, 'analytics'] as const,
};

export const adminProgramsQuery = () =>
  queryOptions({
    queryKey: programKeys.all,
    queryFn: () => unwrap(programs.$get()),
    meta: { errorLog: 'Failed to load the programs' },
  });
export type AdminProgramRow = InferResponseType<typeof programs.$get, 200>['programs'][number];

export const adminProgramQuery = (id: number) =>
  queryOptions({
    queryKey: programKeys.one(id),
    queryFn: () => unwrap(one.$get({ param: { id: String(id) } })),
    meta: { errorLog: 'Failed to load the program' },
  });
export type AdminProgram = InferResponseType<typeof one.$get, 200>;
export type AdminProgramDay = AdminProgram['days'][number];
export type AdminDayItem = AdminProgramDay['items'][number];

export const programAnalyticsQuery = (id: number) =>
  queryOptions({
    queryKey: programKeys.analytics(id),
    queryFn: () => unwrap(one.analytics.$get({ param: { id: String(id) } })),
    meta: { errorLog: "Failed to load the program's analytics" },
  });
export type ProgramRoundAnalytics = InferResponseType<typeof one.analytics.$get, 200>;

export function useCreateProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: ProgramInput) => unwrap(programs.$post({ json })),
    onSuccess: (answer) => {
      queryClient.setQueryData(programKeys.one(answer.program.id), answer);
      return queryClient.invalidateQueries({ queryKey: programKeys.all, exact: true });
    },
  });
}

/** Every change to one program answers the program with its days: the page takes it, the list reloads. */
function useProgramChange<Input>(id: number, send: (input: Input) => Promise<AdminProgram>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => {
      queryClient.setQueryData(programKeys.one(answer.program.id), answer);
      void queryClient.invalidateQueries({ queryKey: programKeys.all, exact: true });
      if (answer.program.id === id)
        void queryClient.invalidateQueries({ queryKey: programKeys.analytics(id) });
    },
  });
}

export const useUpdateProgram = (id: number) =>
  useProgramChange(id, (json: ProgramUpdate) => unwrap(one.$patch({ param: { id: String(id) }, json })));

export const useSaveProgramDay = (id: number) =>
  useProgramChange(id, ({ day, items }: { day: number; items: ProgramDayItems['items'] }) =>
    unwrap(one.days[':day'].$put({ param: { id: String(id), day: String(day) }, json: { items } })),
  );

export const useDuplicateProgram = (id: number) =>
  useProgramChange(id, () => unwrap(one.duplicate.$post({ param: { id: String(id) } })));

export const usePublishProgram = (id: number) =>
  useProgramChange(id, () => unwrap(one.publish.$post({ param: { id: String(id) } })));

export const useRetireProgram = (id: number) =>
  useProgramChange(id, () => unwrap(one.retire.$post({ param: { id: String(id) } })));
