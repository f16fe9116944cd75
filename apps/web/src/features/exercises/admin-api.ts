import type { ExerciseInput } from '@core28/core/exercises';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { request } from '../program/api';
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

export type ProgramDayInput = {
  exerciseId: number;
  sets: number;
  workSeconds: number | null;
  targetReps: number | null;
  restSeconds: number;
};
// TEMPORARY: the contract's shape until i17-program's admin routes are merged.
export type AdminProgramDay = {
  day: number;
  exercise: { id: number; name: string; category: 'time' | 'reps' };
  prescription: { sets: number; workSeconds: number | null; targetReps: number | null; restSeconds: number };
  updatedAt: string | null;
  updatedBy: string | null;
};

const programDaysKey = ['admin', 'program-days'] as const;

export const programDaysQuery = () =>
  queryOptions({
    queryKey: programDaysKey,
    queryFn: () => request<{ days: AdminProgramDay[] }>('/admin/program-days'),
    meta: { errorLog: 'Failed to load the program days' },
  });

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export function useSaveProgramDay(day: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProgramDayInput) =>
      request<AdminProgramDay>(`/admin/program-days/${day}`, json('PUT', input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programDaysKey }),
  });
}

/** Swaps two days' exercise and prescription (how the coach reorders the program). */
export function useSwapProgramDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { from: number; to: number }) =>
      request<{ days: AdminProgramDay[] }>('/admin/program-days/swap', json('POST', input)),
    onSuccess: ({ days }) => queryClient.setQueryData(programDaysKey, { days }),
  });
}

// ---- an exercise's video (issue 17) ----

export function useExerciseVideo(id: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: exerciseKeys.admin });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return request<AdminExercise>(`/admin/exercises/${id}/video`, { method: 'POST', body: form });
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: () => request<AdminExercise>(`/admin/exercises/${id}/video`, { method: 'DELETE' }),
    onSuccess,
  });
  return { upload, remove };
}
