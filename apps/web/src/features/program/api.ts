import type { DayResultInput, WellnessInput } from '@core28/core/program-schemas';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { ApiError, api, unwrap } from '@/lib/api';
import { exerciseKeys } from '../exercises/api';
import { profileKeys } from '../profile/api';
import type { SessionData } from './session/contract-types';

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

// TEMPORARY: plain fetch until i17-program's routes are merged and the typed client knows them.
export async function request<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, init);
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.');
  }
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  if (!res.ok)
    throw new ApiError(
      res.status,
      body?.error?.code ?? 'UNKNOWN',
      body?.error?.message ?? `Request failed (${res.status})`,
    );
  return body as T;
}

/** A day's session: its steps, exercise and prescription. A day not yet begun is the server's 400. */
export const sessionQuery = (day: number) =>
  queryOptions({
    queryKey: programKeys.session(day),
    queryFn: () => request<SessionData>(`/program/days/${day}/session`),
    staleTime: 5 * 60_000,
  });

export type FinishInput = {
  day: number;
  idempotencyKey: string;
  body: { totalSeconds: number; reps: number; feeling?: number; energy?: number };
};
export type FinishOutcome = {
  completedNow: boolean;
  wasCompleted: boolean;
  resultsSaved: true;
  wellnessSaved: boolean;
};

/**
 * Finish: results, wellness (today only) and the completion in one request. The key is the
 * session's own, so a retry or a double tap is answered with the first answer and saves once.
 */
export function useFinishSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ day, idempotencyKey, body }: FinishInput) =>
      request<ProgramState & { outcome: FinishOutcome }>(`/program/days/${day}/finish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(body),
      }),
    onSuccess: ({ outcome: _outcome, ...state }, { day }) => {
      queryClient.setQueryData(programQuery().queryKey, state as ProgramState);
      void queryClient.invalidateQueries({ queryKey: programKeys.session(day) });
      void queryClient.invalidateQueries({ queryKey: exerciseKeys.list });
      void queryClient.invalidateQueries({ queryKey: profileKeys.profile });
    },
  });
}
