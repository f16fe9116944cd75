import { type DayStatus, searchExercises } from '@core28/core/program';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Search, Video } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { cn } from '@/lib/class-names';
import { useViewer } from '@/lib/viewer';
import { daysText, type Exercise, type ExerciseList, exercisesQuery } from '../exercises/api';
import { ExerciseDemo } from '../exercises/exercise-demo';
import { ExerciseDialog } from '../exercises/exercise-dialog';
import { ProgramPaywall } from './program-paywall';

// spec §9: six skeleton cards while loading.
const SKELETON_IDS = Array.from({ length: 6 }, (_, i) => `skeleton-${i + 1}`);

// spec §4: past days green, today red; a missed day is amber and says so (docs/decisions/0004).
const STATUS_LOOK: Record<DayStatus, { card: string; text: string; label: string }> = {
  completed: { card: 'border-green-300 bg-green-50', text: 'text-green-700', label: 'Completed' },
  current: { card: 'border-brand-600 bg-brand-50', text: 'text-brand-700', label: 'Today' },
  missed: { card: 'border-dashed border-amber-500 bg-amber-50', text: 'text-amber-800', label: 'Missed' },
  future: { card: 'border-zinc-200 bg-zinc-100', text: 'text-zinc-600', label: '' },
};

export default function ExercisesPage() {
  const { subscription } = useViewer();
  const library = subscription?.entitlements.library;
  // Without the library (a plan that ended) the page is the paywall: nothing to load.
  const query = useQuery({ ...exercisesQuery(), enabled: library !== 'none' });
  const [search, setSearch] = useState('');
  const [details, setDetails] = useState<Exercise | null>(null);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <header className="grid gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight">Exercises</h1>
        <p className="text-zinc-600">Every exercise of your program so far. A new one unlocks each day.</p>
      </header>
      {library === 'none' ? (
        <ProgramPaywall capability="library" returnTo="/exercises" />
      ) : (
        <Library query={query} search={search} onSearch={setSearch} onDetails={setDetails} />
      )}
      {library === 'today' && <ProgramPaywall capability="library" returnTo="/exercises" />}
      <ExerciseDialog exercise={details} onClose={() => setDetails(null)} />
    </div>
  );
}

function Library({
  query,
  search,
  onSearch,
  onDetails,
}: {
  query: UseQueryResult<ExerciseList>;
  search: string;
  onSearch: (search: string) => void;
  onDetails: (exercise: Exercise) => void;
}) {
  const list = query.data ? searchExercises(query.data.exercises, search) : [];
  return (
    <>
      <div className="relative max-w-md">
        <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
        <Input
          type="search"
          aria-label="Search exercises"
          placeholder="Search exercises..."
          className="pl-9"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>

      {query.isError ? (
        <LoadError
          message="Failed to load exercises"
          onRetry={() => query.refetch()}
          className="rounded-2xl border border-zinc-200 p-10"
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={query.isPending}>
          {query.isPending
            ? SKELETON_IDS.map((id) => (
                <li
                  key={id}
                  data-testid="exercise-skeleton"
                  className="h-80 animate-pulse rounded-2xl bg-zinc-100"
                />
              ))
            : list.map((exercise) => {
                const look = STATUS_LOOK[exercise.status];
                return (
                  <li
                    key={exercise.id}
                    className={cn('grid content-start gap-2 rounded-2xl border p-5', look.card)}
                  >
                    <div className="relative">
                      <ExerciseDemo
                        demoKey={exercise.demoKey}
                        label={exercise.name}
                        className="h-40 w-full bg-white/70"
                      />
                      {exercise.media && (
                        <span className="absolute top-2 right-2 flex items-center gap-1 rounded-full bg-zinc-900 px-2 py-1 text-xs font-semibold text-white">
                          <Video className="size-3.5" aria-hidden /> Video
                        </span>
                      )}
                    </div>
                    <p className={cn('text-xs font-semibold', look.text)}>
                      {daysText(exercise)}
                      {look.label && ` · ${look.label}`}
                    </p>
                    <h2 className="text-lg font-bold">{exercise.name}</h2>
                    <p className="text-sm text-zinc-600">{exercise.exercise}</p>
                    <div>
                      <Button size="sm" variant="outline" onClick={() => onDetails(exercise)}>
                        Show Details
                      </Button>
                    </div>
                  </li>
                );
              })}
        </ul>
      )}
      {query.data && list.length === 0 && <p className="text-zinc-600">No exercises match “{search}”.</p>}
      {query.data && query.data.total > query.data.exercises.length && (
        <p className="text-sm text-zinc-500">
          {query.data.total - query.data.exercises.length} more exercises unlock as your program goes on.
        </p>
      )}
    </>
  );
}
