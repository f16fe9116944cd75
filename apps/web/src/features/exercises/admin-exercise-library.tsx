import { ExerciseInputSchema } from '@core28/core/exercises';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { firstErrorMessage, useZodForm } from '@/lib/form';
import { toast } from '@/lib/toast';
import { type AdminExercise, adminExercisesQuery, useSaveExercise } from './admin-api';
import { ExerciseVideo } from './admin-exercise-video';

function ExerciseForm({ exercise, onDone }: { exercise: AdminExercise | null; onDone: () => void }) {
  const form = useZodForm(ExerciseInputSchema, {
    defaultValues: {
      name: exercise?.name ?? '',
      exercise: exercise?.exercise ?? '',
      description: exercise?.description ?? '',
      videoUrl: exercise?.videoUrl ?? '',
      category: exercise?.category ?? 'time',
    },
  });
  const { errors } = form.formState;
  const save = useSaveExercise(exercise?.id ?? null);

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: () => {
          toast.success(exercise ? 'Exercise updated successfully' : 'Exercise added successfully');
          onDone();
        },
        onError: (err) =>
          toast.error(exercise ? 'Failed to update exercise' : 'Failed to add exercise', {
            description: err.message,
          }),
      }),
    // spec §5's 'Exercise name is required' stays a toast too.
    (invalid) => toast.error(firstErrorMessage(invalid) ?? 'Exercise name is required'),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
      <Field id="exercise-name" label="Name" error={errors.name?.message}>
        <Input {...form.register('name')} />
      </Field>
      <Field id="exercise-summary" label="Summary" error={errors.exercise?.message}>
        <Input {...form.register('exercise')} />
      </Field>
      <Field id="exercise-description" label="Instructions" error={errors.description?.message}>
        <Textarea rows={5} {...form.register('description')} />
      </Field>
      <Field
        id="exercise-video"
        label="Video URL"
        hint="A YouTube video, shown embedded (privacy-enhanced). Or upload a video file below."
        error={errors.videoUrl?.message}
      >
        <Input type="url" placeholder="https://www.youtube.com/watch?v=…" {...form.register('videoUrl')} />
      </Field>
      <Field id="exercise-category" label="Category" error={errors.category?.message}>
        <Select {...form.register('category')}>
          <option value="time">Time</option>
          <option value="reps">Reps</option>
        </Select>
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {exercise ? 'Save Exercise' : 'Add Exercise'}
        </Button>
      </div>
    </form>
  );
}

/**
 * /admin/exercises: the exercise library, newest first; `programDays` (the program's days, which
 * use these exercises) shows below it.
 */
export function AdminExerciseLibrary({
  programDays,
}: {
  programDays: (exercises: AdminExercise[]) => ReactNode;
}) {
  const list = useQuery(adminExercisesQuery());
  const [editing, setEditing] = useState<{ exercise: AdminExercise | null } | null>(null);
  const rows = list.data ?? [];

  return (
    <div className="grid gap-6 p-4 sm:p-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Exercises</h1>
          <p className="text-zinc-600">
            The exercise library, newest first, and what each of the program's 28 days trains.
          </p>
        </div>
        <Button onClick={() => setEditing({ exercise: null })}>
          <Plus /> Add Exercise
        </Button>
      </header>
      {list.isError && <LoadError retryLabel="Retry loading exercises" onRetry={() => list.refetch()} />}
      {list.isPending ? (
        <p className="text-zinc-600">Loading exercises...</p>
      ) : (
        <ul className="grid gap-3">
          {rows.map((exercise) => (
            <li
              key={exercise.id}
              aria-label={exercise.name}
              className="flex items-start justify-between gap-3 rounded-xl border border-zinc-200 bg-white p-4"
            >
              <div className="grid gap-1">
                <p className="font-semibold">
                  {exercise.name}{' '}
                  <span className="text-xs font-normal text-zinc-500">
                    · {exercise.category}
                    {exercise.media?.kind === 'upload' && ' · video'}
                    {exercise.media?.kind === 'youtube' && ' · YouTube'}
                  </span>
                </p>
                <p className="text-sm text-zinc-600">{exercise.exercise}</p>
              </div>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Edit ${exercise.name}`}
                onClick={() => setEditing({ exercise })}
              >
                <Pencil />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {programDays(rows)}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent>
          <DialogTitle>{editing?.exercise ? 'Edit Exercise' : 'Add Exercise'}</DialogTitle>
          <DialogDescription>
            {editing?.exercise ? 'Update the text and the video link.' : 'Add a new exercise to the library.'}
          </DialogDescription>
          {editing && (
            <ExerciseForm
              key={editing.exercise?.id ?? 'new'}
              exercise={editing.exercise}
              onDone={() => setEditing(null)}
            />
          )}
          {editing?.exercise && <ExerciseVideo exercise={editing.exercise} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}
