import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export const exercisesQuery = () =>
  queryOptions({
    queryKey: ['exercises'],
    queryFn: () => unwrap(api.exercises.$get()),
    staleTime: 5 * 60_000,
  });

export const todaysExerciseQuery = (isSignedIn: boolean) =>
  queryOptions({
    queryKey: ['exercises', 'today', isSignedIn],
    queryFn: () => unwrap(api.exercises.today.$get()),
    staleTime: 5 * 60_000,
  });

export type ExerciseList = Awaited<ReturnType<NonNullable<ReturnType<typeof exercisesQuery>['queryFn']>>>;
export type Exercise = ExerciseList['exercises'][number];
