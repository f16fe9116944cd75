import type { ExerciseInput } from '@core28/core/exercises';
import type { ProgramDayInput } from '@core28/core/session-plan';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { ApiError, api, unwrap } from '@/lib/api';
import { exerciseKeys } from './api';

// The admin's side of the exercise library (/admin/exercises). Apart from api.ts, which the
// landing page loads for today's exercise: none of this belongs in the entry chunk.

export const adminExercisesQuery = () =>
  queryOptions({
    queryKey: exerciseKeys.admin,
    queryFn: () => unwrap(api.admin.exercises.$get()),
    meta: { errorLog: 'Failed to load exercises' }, // spec §8: logged; the list falls back to empty
  });

export type AdminExercise = InferResponseType<typeof api.admin.exercises.$get, 200>[number];

/** Adds an exercise (id null) or updates one; the admin list reloads. */
export function useSaveExercise(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: ExerciseInput) =>
      id === null
        ? unwrap(api.admin.exercises.$post({ json }))
        : unwrap(api.admin.exercises[':id'].$put({ param: { id: String(id) }, json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exerciseKeys.admin }),
  });
}

// ---- the program's 28 days (issue 17) ----

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

// ---- an exercise's video (issue 17) ----

// The upload is multipart and the route reads its body itself, so the typed client has no form
// type for it: a plain fetch, with the same errors as `unwrap` (the server's 413/415 messages).
async function send(path: string, init: RequestInit) {
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
      body?.error?.message ?? `Upload failed (${res.status})`,
    );
  return body;
}

export function useExerciseVideo(id: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: exerciseKeys.admin });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return send(`/admin/exercises/${id}/video`, { method: 'POST', body: form });
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: () => send(`/admin/exercises/${id}/video`, { method: 'DELETE' }),
    onSuccess,
  });
  return { upload, remove };
}
