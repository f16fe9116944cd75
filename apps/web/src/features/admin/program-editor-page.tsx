import { CORE28_SLUG } from '@core28/core/rounds';
import { useQuery } from '@tanstack/react-query';
import { Archive, ArrowLeft, Copy, Send } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { cn } from '@/lib/class-names';
import { toast } from '@/lib/toast';
import { adminExercisesQuery } from '../exercises/admin-api';
import { ProgramDayEditor } from '../program/admin/program-day-editor';
import { ProgramFieldsForm } from '../program/admin/program-fields-form';
import { ProgramStatusBadge } from '../program/admin/program-status-badge';
import {
  adminProgramQuery,
  useDuplicateProgram,
  usePublishProgram,
  useRetireProgram,
  useUpdateProgram,
} from '../program/admin/programs-api';
import { ProgramRoundAnalytics } from './program-round-analytics';

const TABS = ['Days', 'Details', 'Analytics'] as const;
type Tab = (typeof TABS)[number];

/** /admin/programs/:id: a program's days, its fields, publishing and retiring, and its analytics. */
export default function AdminProgramEditorPage() {
  const id = Number(useParams().id);
  const query = useQuery({ ...adminProgramQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const exercises = useQuery(adminExercisesQuery());
  const update = useUpdateProgram(id);
  const duplicate = useDuplicateProgram(id);
  const publish = usePublishProgram(id);
  const retire = useRetireProgram(id);
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('Days');
  const [day, setDay] = useState(1);

  if (query.isError)
    return <LoadError retryLabel="Retry loading the program" onRetry={() => query.refetch()} />;
  if (!query.data) return <p className="p-8 text-zinc-600">Loading program...</p>;
  const { program, days } = query.data;
  const current = days.find((d) => d.day === day) ?? days[0];
  const failed = (title: string) => (error: Error) => toast.error(title, { description: error.message });

  return (
    <div className="grid gap-6 p-4 sm:p-8">
      <Link
        to="/admin/programs"
        className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> All programs
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-3xl font-extrabold tracking-tight">{program.name}</h1>
            <ProgramStatusBadge status={program.status} />
          </div>
          <p className="text-sm text-zinc-600">
            {program.days} days · {program.level}
            {program.circuit ? ' · circuit' : ''} · {program.slug}
            {program.updatedBy ? ` · last changed by ${program.updatedBy}` : ''}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={duplicate.isPending}
            onClick={() =>
              duplicate.mutate(undefined, {
                onSuccess: (copy) => {
                  toast.success(`${copy.program.name} created as a draft`);
                  void navigate(`/admin/programs/${copy.program.id}`);
                },
                onError: failed('Failed to duplicate the program'),
              })
            }
          >
            <Copy /> Duplicate
          </Button>
          {program.status !== 'published' && (
            <Button
              disabled={publish.isPending}
              onClick={() =>
                publish.mutate(undefined, {
                  onSuccess: () => toast.success(`${program.name} is in the library`),
                  onError: failed('Not published'),
                })
              }
            >
              <Send /> Publish
            </Button>
          )}
          {program.status === 'published' && program.slug !== CORE28_SLUG && (
            <Button
              variant="outline"
              disabled={retire.isPending}
              onClick={() =>
                retire.mutate(undefined, {
                  onSuccess: () => toast.success(`${program.name} retired: running rounds go on`),
                  onError: failed('Not retired'),
                })
              }
            >
              <Archive /> Retire
            </Button>
          )}
        </div>
      </header>
      {program.emptyDays.length > 0 && (
        <p className="rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900">
          {program.emptyDays.length === 1 ? 'Day' : 'Days'} {program.emptyDays.join(', ')} still{' '}
          {program.emptyDays.length === 1 ? 'needs' : 'need'} an exercise before the program can be published.
        </p>
      )}

      <nav aria-label="Program sections" className="flex gap-1 border-b border-zinc-200">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={tab === name}
            onClick={() => setTab(name)}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-semibold',
              tab === name
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-zinc-600 hover:text-zinc-900',
            )}
          >
            {name}
          </button>
        ))}
      </nav>

      {tab === 'Days' && current && (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[14rem_1fr]">
          <nav aria-label="Days of the program" className="grid grid-cols-7 gap-1 self-start lg:grid-cols-4">
            {days.map((d) => (
              <button
                key={d.day}
                type="button"
                aria-current={d.day === current.day ? 'true' : undefined}
                aria-label={`Day ${d.day}: ${d.items.length} ${d.items.length === 1 ? 'exercise' : 'exercises'}`}
                onClick={() => setDay(d.day)}
                className={cn(
                  'grid h-10 place-items-center rounded-lg border text-sm font-semibold',
                  d.day === current.day
                    ? 'border-zinc-900 bg-zinc-900 text-white'
                    : d.items.length === 0
                      ? 'border-dashed border-amber-500 bg-amber-50 text-amber-900'
                      : 'border-zinc-200 bg-white hover:border-zinc-400',
                )}
              >
                {d.day}
              </button>
            ))}
          </nav>
          <Card className="min-w-0 p-4 sm:p-5">
            <ProgramDayEditor
              key={`${current.day}-${program.updatedAt}`}
              programId={program.id}
              circuit={program.circuit}
              day={current}
              exercises={exercises.data ?? []}
            />
          </Card>
        </div>
      )}

      {tab === 'Details' && (
        <Card className="max-w-2xl p-5">
          <ProgramFieldsForm
            key={program.updatedAt}
            idPrefix="program"
            defaultValues={program}
            isLengthLocked={program.slug === CORE28_SLUG}
            error={update.error?.message}
            onSubmit={(input) => update.mutate(input, { onSuccess: () => toast.success('Program saved') })}
            actions={
              <Button type="submit" disabled={update.isPending}>
                Save program
              </Button>
            }
          />
        </Card>
      )}

      {tab === 'Analytics' && <ProgramRoundAnalytics programId={program.id} />}
    </div>
  );
}
