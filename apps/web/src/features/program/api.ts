import { nextLocalMidnight } from '@core28/core/local-day';
import type { DayResultInput, FinishSessionInput, WellnessInput } from '@core28/core/program-schemas';
import { roundDayNumber } from '@core28/core/rounds';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { useEffect } from 'react';
import { ApiError, api, unwrap } from '@/lib/api';
import { dataChanged, onDataChanged } from '@/lib/data-changed';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { PLAN_REQUIRED, queuedWrites } from '@/lib/offline-queue';
import { useIsControlled } from '@/lib/use-service-worker';
import { meQuery } from '@/lib/viewer';
import { isOffline, type ProgramWrite, queueWrite, withWrite } from './offline-writes';
import { withPendingWrites } from './pending-writes';
import { withRound } from './round-figures';

export const programKeys = {
  state: ['program'] as const,
  session: (day: number) => ['program', 'session', day] as const,
};

// A change elsewhere (the member's day, their plan) reads the program again, its sessions too.
onDataChanged('program', (queryClient) => queryClient.invalidateQueries({ queryKey: programKeys.state }));

/** spec §8: /program and /progress say so as a toast and on the page. */
export const PROGRAM_LOAD_FAILED = 'Failed to load your progress data';

const isPlanRequired = (error: unknown) => error instanceof ApiError && error.code === PLAN_REQUIRED;

export const programQuery = () =>
  queryOptions({
    queryKey: programKeys.state,
    queryFn: async ({ client }) => {
      const state = withRound(await unwrap(api.program.$get()));
      // What the member did offline and is still waiting to be sent, laid over the answer.
      const userId = (await client.ensureQueryData(meQuery()).catch(() => null))?.user?.id;
      return userId ? withPendingWrites(state, await queuedWrites(userId).catch(() => [])) : state;
    },
    staleTime: 30_000,
    meta: { errorToast: { title: 'Error', description: PROGRAM_LOAD_FAILED } },
  });

export type ProgramState = InferResponseType<typeof api.program.$get, 200>;

/**
 * Sends a program write with its Idempotency-Key; without a connection, or refused
 * because the member's plan ended meanwhile (403 PLAN_REQUIRED), it is queued for later and
 * answered with the state the server will answer then, when the member's program is known here.
 * Otherwise the error is the caller's, as before.
 */
async function sendOrQueue<R>(
  queryClient: QueryClient,
  {
    key,
    write,
    send,
    queued,
  }: {
    key: string;
    write: ProgramWrite;
    send: () => Promise<R>;
    queued: (after: ProgramState, before: ProgramState) => R;
  },
): Promise<R> {
  try {
    return await send();
  } catch (error) {
    const userId = queryClient.getQueryData(meQuery().queryKey)?.user?.id;
    const state = queryClient.getQueryData(programQuery().queryKey);
    // A plan that ended while the member trained: what they did waits on this phone for a plan.
    if ((!isOffline(error) && !isPlanRequired(error)) || !userId || !state) throw error;
    await queueWrite({ userId, key, write });
    return queued(withWrite(state, write, new Date()), state);
  }
}

/** Every program write answers the new state: the cache takes it as it is. */
function useProgramWrite<T>(
  toWrite: (input: T) => ProgramWrite,
  send: (input: T, headers: { 'idempotency-key': string }) => Promise<ProgramState>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => {
      const key = newIdempotencyKey();
      return sendOrQueue(queryClient, {
        key,
        write: toWrite(input),
        send: () => send(input, { 'idempotency-key': key }),
        queued: (state) => state,
      });
    },
    onSuccess: (state) => {
      queryClient.setQueryData(programQuery().queryKey, state);
      void dataChanged(queryClient, 'profile');
    },
  });
}

export const useCompleteDay = () =>
  useProgramWrite(
    (day: number) => ({ kind: 'complete', day }),
    (day, headers) => unwrap(api.program.complete.$post({ json: { day } }, { headers })),
  );
export const useSaveResult = () =>
  useProgramWrite(
    (input: DayResultInput) => ({ kind: 'results', input }),
    (json, headers) => unwrap(api.program.results.$put({ json }, { headers })),
  );
export const useSaveWellness = () =>
  useProgramWrite(
    (input: WellnessInput) => ({ kind: 'wellness', input }),
    (json, headers) => unwrap(api.program.wellness.$put({ json }, { headers })),
  );

/** A day's session: its steps, exercise and prescription. A day not yet begun is the server's 400. */
export const sessionQuery = (day: number) =>
  queryOptions({
    queryKey: programKeys.session(day),
    queryFn: () => unwrap(api.program.days[':day'].session.$get({ param: { day: String(day) } })),
    staleTime: 5 * 60_000,
  });

/**
 * Today's and past sessions' plans, fetched one after another (today's first) once the
 * program is on screen, so the service worker has them when the member trains without a
 * connection. A plan fetched within its staleTime is not fetched again.
 */
export function useSessionsKeptOffline(currentDay: number | undefined) {
  const queryClient = useQueryClient();
  const isControlled = useIsControlled();
  useEffect(() => {
    if (!currentDay || !isControlled || !navigator.onLine) return;
    let isCancelled = false;
    void (async () => {
      for (let day = currentDay; day >= 1 && !isCancelled; day -= 1)
        await queryClient.prefetchQuery(sessionQuery(day));
    })();
    return () => {
      isCancelled = true;
    };
  }, [currentDay, isControlled, queryClient]);
}

export type SessionData = InferResponseType<(typeof api.program.days)[':day']['session']['$get'], 200>;
export type PlanDay = ProgramState['plan'][number];
type FinishCall = (typeof api.program.days)[':day']['finish']['$post'];
type FinishResult = InferResponseType<FinishCall, 200>;
export type FinishOutcome = FinishResult['outcome'];

export type FinishInput = { day: number; idempotencyKey: string; body: FinishSessionInput };

/**
 * Finish: results, wellness (today only) and the completion in one request. The key is the
 * session's own, so a retry or a double tap is answered with the first answer and saves once.
 */
export function useFinishSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ day, idempotencyKey, body }: FinishInput) =>
      sendOrQueue<FinishResult & { wasQueued?: true }>(queryClient, {
        key: idempotencyKey,
        write: { kind: 'finish', day, body },
        send: () =>
          unwrap(
            api.program.days[':day'].finish.$post(
              { param: { day: String(day) }, json: body },
              { headers: { 'idempotency-key': idempotencyKey } },
            ),
          ),
        queued: (state, before) => {
          const wasCompleted = before.completions.some((c) => c.day === day);
          return {
            ...state,
            wasQueued: true as const,
            outcome: {
              completedNow: !wasCompleted,
              wasCompleted,
              resultsSaved: true as const,
              wellnessSaved: body.feeling !== undefined && day === state.currentDay,
            },
          };
        },
      }),
    onSuccess: ({ outcome: _outcome, wasQueued: _wasQueued, ...state }, { day }) => {
      queryClient.setQueryData(programQuery().queryKey, state);
      void queryClient.invalidateQueries({ queryKey: programKeys.session(day) });
      void dataChanged(queryClient, 'exercises', 'profile');
    },
  });
}

/**
 * The page turns to the next day at the member's local midnight. The browser counts
 * the day with the server's core function; at midnight (or at once, when the answer it has is
 * behind the browser's day) the program is read again, and the server's answer is what shows.
 */
export function useDayRollover(state: ProgramState | undefined) {
  const queryClient = useQueryClient();
  // The round's day, not the registration's: a second round counts from its own start.
  const startedAt = state?.round.startedAt;
  const timeZone = state?.timeZone ?? null;
  const dayNumber = state?.round.dayNumber;
  useEffect(() => {
    if (startedAt === undefined || dayNumber === undefined) return;
    const now = new Date();
    const isBehind = roundDayNumber(new Date(startedAt), now, timeZone) !== dayNumber;
    const wait = isBehind ? 5_000 : nextLocalMidnight(now, timeZone).getTime() - now.getTime() + 1_000;
    const timer = setTimeout(
      () => {
        void queryClient.invalidateQueries({ queryKey: programKeys.state });
        void dataChanged(queryClient, 'exercises', 'profile');
      },
      Math.min(wait, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [startedAt, timeZone, dayNumber, queryClient]);
}
