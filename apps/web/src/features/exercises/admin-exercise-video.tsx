import { Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { type AdminExercise, useExerciseVideo } from './admin-api';
import { ExerciseMedia } from './exercise-media';

const ACCEPTED = 'video/mp4,video/webm';

/**
 * An exercise's own video: upload an MP4 or WebM (the server checks the bytes and the
 * size, and its 413/415 message shows here) or remove it. A YouTube link goes in the form above.
 */
export function ExerciseVideo({ exercise }: { exercise: AdminExercise }) {
  const { upload, remove } = useExerciseVideo(exercise.id);
  const [current, setCurrent] = useState(exercise);
  const file = useRef<HTMLInputElement>(null);
  const media = current.media;
  const error = upload.error ?? remove.error;

  const onUpload = () => {
    const chosen = file.current?.files?.[0];
    if (!chosen) return;
    remove.reset();
    upload.mutate(chosen, {
      onSuccess: (updated) => {
        setCurrent(updated);
        if (file.current) file.current.value = '';
        toast.success('Video uploaded');
      },
    });
  };
  const onRemove = () => {
    upload.reset();
    remove.mutate(undefined, {
      onSuccess: (updated) => {
        setCurrent(updated);
        toast.success('Video removed');
      },
    });
  };

  return (
    <section
      aria-labelledby="exercise-video-heading"
      className="mt-6 grid gap-3 border-t border-zinc-200 pt-4"
    >
      <h3 id="exercise-video-heading" className="text-sm font-semibold">
        Demonstration video
      </h3>
      {media ? (
        <ExerciseMedia media={media} demoKey={null} label={exercise.name} />
      ) : (
        <p className="text-sm text-zinc-600">No video: members see the animated demonstration.</p>
      )}
      {error && <ErrorAlert>{error.message}</ErrorAlert>}
      <div className="grid gap-1.5">
        <label htmlFor="exercise-video-file" className="text-sm font-medium text-zinc-800">
          Upload a video (MP4 or WebM)
        </label>
        {/* At least 14rem, so "No file chosen" is never cut: at 390 px Upload goes below it. */}
        <div className="flex flex-wrap gap-2">
          <input
            ref={file}
            id="exercise-video-file"
            type="file"
            accept={ACCEPTED}
            className="min-w-56 flex-1 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-zinc-100 file:px-3 file:py-2 file:font-semibold"
          />
          <Button type="button" variant="outline" onClick={onUpload} disabled={upload.isPending}>
            <Upload /> {upload.isPending ? 'Uploading…' : 'Upload'}
          </Button>
        </div>
      </div>
      {media?.kind === 'upload' && (
        <Button
          type="button"
          variant="outline"
          className="w-fit"
          onClick={onRemove}
          disabled={remove.isPending}
        >
          <Trash2 /> Remove video
        </Button>
      )}
    </section>
  );
}
