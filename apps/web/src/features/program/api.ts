import type { DayResultInput, WellnessInput } from '@core28/core/program-schemas';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { profileKeys } from '../profile/api';

export const programKeys = { state: ['program'] as const };

/** spec §8: /program and /progress say so as a toast and on the page. */
export const PROGRAM_LOAD_FAILED = 'Failed to load your progress data';

export const programQuery = () =>
  queryOptions({
    queryKey: programKeys.state,
    queryFn: () => unwrap(api.program.$get()),
    staleTime: 30_000,
    meta: { errorToast: { title: 'Error', description: PROGRAM_LOAD_FAILED } },
  });

export type ProgramState = InferResponseType<typeof api.program.$get, 200>;

/** Every program write answers the new state: the cache takes it as it is. */
function useProgramWrite<T>(write: (input: T) => Promise<ProgramState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (state) => {
      queryClient.setQueryData(programQuery().queryKey, state);
      void queryClient.invalidateQueries({ queryKey: profileKeys.profile });
    },
  });
}

export const useCompleteDay = () =>
  useProgramWrite((day: number) => unwrap(api.program.complete.$post({ json: { day } })));
export const useSaveResult = () =>
  useProgramWrite((json: DayResultInput) => unwrap(api.program.results.$put({ json })));
export const useSaveWellness = () =>
  useProgramWrite((json: WellnessInput) => unwrap(api.program.wellness.$put({ json })));
