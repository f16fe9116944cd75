import { ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { Exercise } from './api';

/** Show Details: the summary, the step-by-step instructions and the tutorial video link. */
export function ExerciseDialog({ exercise, onClose }: { exercise: Exercise | null; onClose: () => void }) {
  return (
    <Dialog open={exercise !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {exercise && (
          <>
            <DialogTitle>
              Day {exercise.dayNumber}: {exercise.name}
            </DialogTitle>
            <DialogDescription>{exercise.exercise}</DialogDescription>
            <h3 className="mt-4 text-sm font-semibold">Instructions</h3>
            <ol className="mt-2 grid gap-1.5 text-sm text-zinc-700">
              {exercise.description.split('\n').map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
            <p className="mt-3 text-xs text-zinc-500">
              Category: {exercise.category === 'time' ? 'timed hold' : 'repetitions'}
            </p>
            {exercise.videoUrl && (
              <Button asChild variant="outline" className="mt-4">
                <a href={exercise.videoUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink /> Watch tutorial video
                </a>
              </Button>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
