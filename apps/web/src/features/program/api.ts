import type { DayResultInput, WellnessInput } from '@core28/core/program-schemas';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { profileQuery } from '../profile/api';

export const programQuery = () =>
  queryOptions({ queryKey: ['program'], queryFn: () => unwrap(api.program.$get()), staleTime: 30_000 });

export type ProgramState = Awaited<ReturnType<NonNullable<ReturnType<typeof programQuery>['queryFn']>>>;

/** Every program write answers the new state: the cache takes it as it is. */
function useProgramWrite<T>(write: (input: T) => Promise<ProgramState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (state) => {
      queryClient.setQueryData(programQuery().queryKey, state);
      void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
    },
  });
}

export const useCompleteDay = () =>
  useProgramWrite((day: number) => unwrap(api.program.complete.$post({ json: { day } })));
export const useSaveResult = () =>
  useProgramWrite((json: DayResultInput) => unwrap(api.program.results.$put({ json })));
export const useSaveWellness = () =>
  useProgramWrite((json: WellnessInput) => unwrap(api.program.wellness.$put({ json })));
