import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { toast } from '@/lib/toast';
import type { AdminExercise } from '../../exercises/admin-api';
import { type AdminProgramDay, programDaysQuery, useSwapProgramDays } from './admin-api';
import { ProgramDayForm } from './program-day-form';

const prescriptionText = ({ sets, workSeconds, targetReps, restSeconds }: AdminProgramDay['prescription']) =>
  `${sets} sets × ${targetReps !== null ? `${targetReps} reps` : `${workSeconds} s`} · rest ${restSeconds} s`;

/** The 28 program days: each day's exercise and prescription; days swap to reorder. */
export function AdminProgramDays({ exercises }: { exercises: AdminExercise[] }) {
  const list = useQuery(programDaysQuery());
  const swap = useSwapProgramDays();
  const [editing, setEditing] = useState<AdminProgramDay | null>(null);
  const days = list.data?.days ?? [];

  const move = (from: number, to: number) =>
    swap.mutate(
      { from, to },
      {
        onSuccess: () => toast.success(`Days ${from} and ${to} swapped`),
        onError: (error) => toast.error('Failed to swap days', { description: error.message }),
      },
    );

  return (
    <section aria-labelledby="program-days-heading" className="grid min-w-0 gap-3">
      <div>
        <h2 id="program-days-heading" className="text-xl font-bold">
          Program days
        </h2>
        <p className="text-sm text-zinc-600">
          What each of the 28 days trains, and how much. Move a day up or down to swap it with its neighbour.
        </p>
      </div>
      {list.isError && (
        <LoadError retryLabel="Retry loading the program days" onRetry={() => list.refetch()} />
      )}
      {list.isPending ? (
        <p className="text-zinc-600">Loading program days...</p>
      ) : (
        <ol className="grid grid-cols-1 gap-2 lg:grid-cols-2">
          {days.map((day) => (
            <li
              key={day.day}
              aria-label={`Day ${day.day}`}
              className="flex items-center gap-3 rounded-xl border border-zinc-200 bg-white p-3"
            >
              <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-zinc-900 text-sm font-bold text-white">
                {day.day}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{day.exercise.name}</p>
                <p className="text-xs text-zinc-600">{prescriptionText(day.prescription)}</p>
              </div>
              <div className="flex shrink-0">
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Move Day ${day.day} up`}
                  disabled={day.day === 1 || swap.isPending}
                  onClick={() => move(day.day, day.day - 1)}
                >
                  <ArrowUp />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Move Day ${day.day} down`}
                  disabled={day.day === days.length || swap.isPending}
                  onClick={() => move(day.day, day.day + 1)}
                >
                  <ArrowDown />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Edit Day ${day.day}`}
                  onClick={() => setEditing(day)}
                >
                  <Pencil />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent>
          <DialogTitle>Edit Day {editing?.day}</DialogTitle>
          <DialogDescription>The exercise of the day and its sets, work and rest.</DialogDescription>
          {editing && (
            <ProgramDayForm
              key={editing.day}
              day={editing}
              exercises={exercises}
              onDone={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}
