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

// ---- an exercise's video ----

const exerciseVideo = api.admin.exercises[':id'].video;

/**
 * Uploads (multipart, field "file") or removes an exercise's video; both answer the exercise. The
 * route reads its body itself (after its own size limit), so the typed client has no form type
 * for it: the form goes as the request's body, and the server's 413/415 message is the error's.
 */
export function useExerciseVideo(id: number) {
  const queryClient = useQueryClient();
  const param = { id: String(id) };
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: exerciseKeys.admin });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return unwrap(exerciseVideo.$post({ param }, { init: { body } }));
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: () => unwrap(exerciseVideo.$delete({ param })),
    onSuccess,
  });
  return { upload, remove };
}
