import { PROGRAMS_REFUSED } from '@core28/core/entitlements';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { ApiError, api, unwrap } from '@/lib/api';
import { dataChanged, onDataChanged } from '@/lib/data-changed';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { PLAN_REQUIRED } from '@/lib/offline-queue';
import { toast } from '@/lib/toast';
import { isReachable } from '@/lib/use-online';
import { type ProgramState, programQuery } from './api';

// The member's rounds (docs/decisions/0026): the library of programs, a round's results, and
// starting or continuing a round. Those two change which days the member trains, so they are
// never queued offline like a day's writes: they need the server, and say so.

export const roundKeys = {
  programs: ['programs'] as const,
  rounds: ['rounds'] as const,
  results: (number: number) => ['rounds', number, 'results'] as const,
};

// A new round, a continued one or a plan changed elsewhere: the library and the history follow.
onDataChanged('program', (queryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: roundKeys.programs }),
    queryClient.invalidateQueries({ queryKey: roundKeys.rounds }),
  ]),
);

export const programsQuery = () =>
  queryOptions({
    queryKey: roundKeys.programs,
    queryFn: () => unwrap(api.programs.$get()),
    staleTime: 60_000,
  });
export type ProgramLibrary = InferResponseType<typeof api.programs.$get, 200>;
export type LibraryProgram = ProgramLibrary['programs'][number];

export const roundResultsQuery = (number: number) =>
  queryOptions({
    queryKey: roundKeys.results(number),
    queryFn: () => unwrap(api.rounds[':number'].results.$get({ param: { number: String(number) } })),
    staleTime: 60_000,
  });
export type RoundResultsData = InferResponseType<(typeof api.rounds)[':number']['results']['$get'], 200>;

export const shareImagePath = (number: number) => `/api/rounds/${number}/share.png`;

/** Said when a round is started or continued without a connection. */
export const ROUND_NEEDS_NETWORK =
  "You're offline. Starting or continuing a round needs a connection: try again when you're back online.";

const offline = () => new ApiError(0, 'NETWORK', ROUND_NEEDS_NETWORK);

/** A write that answers the new program state: the program, library and history follow it. */
function useRoundWrite<T>(send: (input: T, headers: { 'idempotency-key': string }) => Promise<ProgramState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => {
      if (!isReachable()) throw offline();
      try {
        return await send(input, { 'idempotency-key': newIdempotencyKey() });
      } catch (error) {
        throw error instanceof ApiError && error.code === 'NETWORK' ? offline() : error;
      }
    },
    onSuccess: (state) => {
      queryClient.setQueryData(programQuery().queryKey, state);
      // Every kept session plan was the old round's days: read them again (programKeys' prefix).
      void queryClient.invalidateQueries({ queryKey: programQuery().queryKey, refetchType: 'none' });
      void dataChanged(queryClient, 'exercises', 'profile');
      void queryClient.invalidateQueries({ queryKey: roundKeys.programs });
      void queryClient.invalidateQueries({ queryKey: roundKeys.rounds });
    },
  });
}

/** A new round of `slug` from today (the next, the same again, or another program). */
export const useStartRound = () =>
  useRoundWrite((slug: string, headers) =>
    unwrap(api.rounds.$post({ json: { program: slug } }, { headers })),
  );

/** Continue where the member stopped: today becomes the day after their last completed day. */
export const useContinueRound = () =>
  useRoundWrite((_: undefined, headers) => unwrap(api.rounds.current.continue.$post({}, { headers })));

/** A refused start or continue, said as a toast: the plan it needs, the network, or the server's words. */
export function toastRoundError(error: Error) {
  if (error instanceof ApiError && error.code === PLAN_REQUIRED)
    toast.error('Choose a plan', { description: error.message || PROGRAMS_REFUSED });
  else if (error instanceof ApiError && error.code === 'NETWORK')
    toast.error("You're offline", { description: ROUND_NEEDS_NETWORK });
  else toast.error('Error', { description: error.message });
}
