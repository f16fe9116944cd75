import type { ExerciseInput } from '@core28/core/exercises';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
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
