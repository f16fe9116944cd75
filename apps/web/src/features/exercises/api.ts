import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { onDataChanged } from '@/lib/data-changed';

export const exerciseKeys = {
  list: ['exercises'] as const,
  today: (isSignedIn: boolean) => ['exercises', 'today', isSignedIn] as const,
  admin: ['admin', 'exercises'] as const,
};

// What unlocks follows the member's day and plan: a change to either reads the list (and today's) again.
onDataChanged('exercises', (queryClient) => queryClient.invalidateQueries({ queryKey: exerciseKeys.list }));

export const exercisesQuery = () =>
  queryOptions({
    queryKey: exerciseKeys.list,
    queryFn: () => unwrap(api.exercises.$get()),
    staleTime: 5 * 60_000,
    meta: { errorToast: { title: 'Error', description: 'Failed to load exercises. Please try again.' } },
  });

export const todaysExerciseQuery = (isSignedIn: boolean) =>
  queryOptions({
    queryKey: exerciseKeys.today(isSignedIn),
    queryFn: () => unwrap(api.exercises.today.$get()),
    staleTime: 5 * 60_000,
    meta: { errorToast: { title: 'Error', description: "Failed to load today's exercise." } },
  });

export type ExerciseList = InferResponseType<typeof api.exercises.$get, 200>;
export type Exercise = ExerciseList['exercises'][number];

/** 'Day 3', 'Days 3 and 17', 'Days 3, 10 and 17'. */
export function daysText(exercise: Exercise) {
  const days = exercise.days.length > 0 ? exercise.days : [exercise.dayNumber];
  if (days.length <= 1) return `Day ${days[0] ?? exercise.dayNumber}`;
  return `Days ${days.slice(0, -1).join(', ')} and ${days.at(-1)}`;
}
