import { MAX_DAY_EXERCISES } from '@core28/core/rounds';
import { defaultPrescription, type ProgramDayInput, prescriptionSummary } from '@core28/core/session-plan';
import { ArrowDown, ArrowUp, Eye, GripVertical, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/input';
import { cn } from '@/lib/class-names';
// React keys for the list's rows: the web's one way of making a unique string (see its comment).
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';
import type { AdminExercise } from '../../exercises/admin-api';
import { DayItemForm } from './day-item-form';
import { DayPreview } from './day-preview';
import { type AdminProgramDay, useSaveProgramDay } from './programs-api';

type Item = { key: string; input: ProgramDayInput };

const itemsOf = (day: AdminProgramDay): Item[] =>
  day.items.map(({ exercise, prescription }) => ({
    key: newIdempotencyKey(),
    input: { exerciseId: exercise.id, ...prescription },
  }));
const inputsOf = (items: Item[]) => items.map((item) => item.input);

/**
 * One day's exercises in order, edited here and saved as a whole: add from the library, change a
 * prescription, remove, reorder (drag, or the up and down buttons from the keyboard), and preview
 * the session the member will play.
 */
export function ProgramDayEditor({
  programId,
  circuit,
  day,
  exercises,
}: {
  programId: number;
  circuit: boolean;
  day: AdminProgramDay;
  exercises: AdminExercise[];
}) {
  const [items, setItems] = useState(() => itemsOf(day));
  const [editing, setEditing] = useState<Item | null>(null);
  const [isPreviewing, setIsPreviewing] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [toAdd, setToAdd] = useState('');
  const save = useSaveProgramDay(programId);
  const exerciseOf = (id: number) => exercises.find((e) => e.id === id);
  const isChanged = JSON.stringify(inputsOf(items)) !== JSON.stringify(inputsOf(itemsOf(day)));

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    const next = [...items];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    setItems(next);
  };
  const onAdd = () => {
    const exercise = exerciseOf(Number(toAdd));
    if (!exercise) return;
    const input = { exerciseId: exercise.id, ...defaultPrescription(day.day, exercise.category) };
    setItems([...items, { key: newIdempotencyKey(), input }]);
    setToAdd('');
  };
  const onSave = () =>
    save.mutate(
      { day: day.day, items: inputsOf(items) },
      { onSuccess: () => toast.success(`Day ${day.day} saved`) },
    );
  const blocks = items.flatMap(({ input: { exerciseId, ...prescription } }) => {
    const exercise = exerciseOf(exerciseId);
    return exercise
      ? [
          {
            exercise: { ...exercise, demoKey: exercise.demoKey ?? null, exercise: exercise.exercise },
            prescription,
          },
        ]
      : [];
  });

  return (
    <section aria-labelledby={`day-${day.day}-heading`} className="grid grid-cols-1 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`day-${day.day}-heading`} className="text-lg font-bold">
          Day {day.day}
        </h3>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={blocks.length === 0}
            onClick={() => setIsPreviewing(true)}
          >
            <Eye /> Preview
          </Button>
          <Button size="sm" disabled={!isChanged || items.length === 0 || save.isPending} onClick={onSave}>
            Save Day {day.day}
          </Button>
        </div>
      </div>
      {save.error && <ErrorAlert>{save.error.message}</ErrorAlert>}
      {items.length === 0 && (
        <p className="text-sm text-zinc-600">No exercise yet: add one from the library.</p>
      )}
      <ol className="grid grid-cols-1 gap-2">
        {items.map((item, index) => {
          const exercise = exerciseOf(item.input.exerciseId);
          const name = exercise?.name ?? 'Unknown exercise';
          return (
            <li
              key={item.key}
              aria-label={`${index + 1}. ${name}`}
              draggable
              onDragStart={() => setDragged(index)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => {
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              className={cn(
                'flex flex-wrap items-center gap-2 rounded-xl border border-zinc-200 bg-white p-2 sm:gap-3 sm:p-3',
                dragged === index && 'opacity-50',
              )}
            >
              <GripVertical
                className="hidden size-4 shrink-0 cursor-grab text-zinc-400 sm:block"
                aria-hidden
              />
              <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-zinc-900 text-sm font-bold text-white">
                {index + 1}
              </span>
              <div className="min-w-[10rem] flex-1">
                <p className="font-semibold">{name}</p>
                <p className="text-xs text-zinc-600">{prescriptionSummary(item.input)}</p>
              </div>
              <div className="ml-auto flex shrink-0">
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ArrowUp />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Move ${name} down`}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ArrowDown />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Edit ${name}`}
                  onClick={() => setEditing(item)}
                >
                  <Pencil />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Remove ${name}`}
                  onClick={() => setItems(items.filter((other) => other.key !== item.key))}
                >
                  <Trash2 />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex items-end gap-2">
        <Field id={`day-${day.day}-add`} label="Add an exercise" className="min-w-0 flex-1">
          <Select value={toAdd} onChange={(e) => setToAdd(e.target.value)}>
            <option value="">Choose from the library</option>
            {exercises.map((exercise) => (
              <option key={exercise.id} value={exercise.id}>
                {exercise.name} ({exercise.category})
              </option>
            ))}
          </Select>
        </Field>
        <Button variant="outline" disabled={!toAdd || items.length >= MAX_DAY_EXERCISES} onClick={onAdd}>
          <Plus /> Add
        </Button>
      </div>

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent>
          <DialogTitle>
            Day {day.day}: {editing && exerciseOf(editing.input.exerciseId)?.name}
          </DialogTitle>
          <DialogDescription>
            The exercise and its sets, work and rest. Save the day to keep it.
          </DialogDescription>
          {editing && (
            <DayItemForm
              item={editing.input}
              exercises={exercises}
              onCancel={() => setEditing(null)}
              onSave={(input) => {
                setItems(items.map((other) => (other.key === editing.key ? { ...other, input } : other)));
                setEditing(null);
              }}
            />
          )}
        </DialogContent>
      </Dialog>
      <Dialog open={isPreviewing} onOpenChange={setIsPreviewing}>
        <DialogContent>
          <DialogTitle>Day {day.day} as the member sees it</DialogTitle>
          <DialogDescription>
            The session's steps, in order, with this day's exercises as they stand here.
          </DialogDescription>
          {isPreviewing && <DayPreview day={day.day} blocks={blocks} circuit={circuit} />}
        </DialogContent>
      </Dialog>
    </section>
  );
}
