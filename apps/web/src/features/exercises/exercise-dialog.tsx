import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { daysText, type Exercise } from './api';
import { ExerciseMedia } from './exercise-media';

/** Show Details: the demonstration (or the coach's video), the summary and the instructions. */
export function ExerciseDialog({ exercise, onClose }: { exercise: Exercise | null; onClose: () => void }) {
  return (
    <Dialog open={exercise !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {exercise && (
          <>
            <DialogTitle className="pr-8">
              {daysText(exercise)}: {exercise.name}
            </DialogTitle>
            <DialogDescription>{exercise.exercise}</DialogDescription>
            <ExerciseMedia
              media={exercise.media}
              demoKey={exercise.demoKey}
              label={exercise.name}
              className="mt-4"
            />
            <h3 className="mt-4 text-sm font-semibold">Instructions</h3>
            <ol className="mt-2 grid gap-1.5 text-sm text-zinc-700">
              {exercise.description.split('\n').map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
            <p className="mt-3 text-xs text-zinc-600">
              Category: {exercise.category === 'time' ? 'timed hold' : 'repetitions'}
            </p>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
