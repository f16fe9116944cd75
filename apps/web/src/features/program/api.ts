import { nextLocalMidnight } from '@core28/core/local-day';
import { currentProgramDay } from '@core28/core/program';
import type { DayResultInput, FinishSessionInput, WellnessInput } from '@core28/core/program-schemas';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useEffect } from 'react';
import { api, unwrap } from '@/lib/api';
import { exerciseKeys } from '../exercises/api';
import { profileKeys } from '../profile/api';

export const programKeys = {
  state: ['program'] as const,
  session: (day: number) => ['program', 'session', day] as const,
};

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

/** A day's session: its steps, exercise and prescription. A day not yet begun is the server's 400. */
export const sessionQuery = (day: number) =>
  queryOptions({
    queryKey: programKeys.session(day),
    queryFn: () => unwrap(api.program.days[':day'].session.$get({ param: { day: String(day) } })),
    staleTime: 5 * 60_000,
  });

export type SessionData = InferResponseType<(typeof api.program.days)[':day']['session']['$get'], 200>;
export type PlanDay = ProgramState['plan'][number];
type FinishCall = (typeof api.program.days)[':day']['finish']['$post'];
export type FinishOutcome = InferResponseType<FinishCall, 200>['outcome'];

export type FinishInput = { day: number; idempotencyKey: string; body: FinishSessionInput };

/**
 * Finish: results, wellness (today only) and the completion in one request. The key is the
 * session's own, so a retry or a double tap is answered with the first answer and saves once.
 */
export function useFinishSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ day, idempotencyKey, body }: FinishInput) =>
      unwrap(
        api.program.days[':day'].finish.$post(
          { param: { day: String(day) }, json: body },
          { headers: { 'idempotency-key': idempotencyKey } },
        ),
      ),
    onSuccess: ({ outcome: _outcome, ...state }, { day }) => {
      queryClient.setQueryData(programQuery().queryKey, state);
      void queryClient.invalidateQueries({ queryKey: programKeys.session(day) });
      void queryClient.invalidateQueries({ queryKey: exerciseKeys.list });
      void queryClient.invalidateQueries({ queryKey: profileKeys.profile });
    },
  });
}

/**
 * Issue 20: the page turns to the next day at the member's local midnight. The browser counts
 * the day with the server's core function; at midnight (or at once, when the answer it has is
 * behind the browser's day) the program is read again, and the server's answer is what shows.
 */
export function useDayRollover(state: ProgramState | undefined) {
  const queryClient = useQueryClient();
  const registrationDate = state?.registrationDate;
  const timeZone = state?.timeZone ?? null;
  const day = state?.currentDay;
  useEffect(() => {
    if (registrationDate === undefined || day === undefined) return;
    const now = new Date();
    const isBehind = currentProgramDay(new Date(registrationDate), now, timeZone) !== day;
    const wait = isBehind ? 5_000 : nextLocalMidnight(now, timeZone).getTime() - now.getTime() + 1_000;
    const timer = setTimeout(
      () => {
        void queryClient.invalidateQueries({ queryKey: programKeys.state });
        void queryClient.invalidateQueries({ queryKey: exerciseKeys.list });
        void queryClient.invalidateQueries({ queryKey: profileKeys.profile });
      },
      Math.min(wait, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [registrationDate, timeZone, day, queryClient]);
}
