import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { LEVEL_LABELS, ProgramFieldsForm } from '../program/admin/program-fields-form';
import { ProgramStatusBadge } from '../program/admin/program-status-badge';
import { adminProgramsQuery, useCreateProgram } from '../program/admin/programs-api';
import { TableHead } from './table-head';

const number = { format: (value: number) => formatNumber(value) };

/** /admin/programs: every program with its days and rounds; a new one starts as a draft. */
export default function AdminProgramsPage() {
  const list = useQuery(adminProgramsQuery());
  const create = useCreateProgram();
  const navigate = useNavigate();
  const [isCreating, setIsCreating] = useState(false);

  return (
    <div className="grid gap-6 p-4 sm:p-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Programs</h1>
          <p className="text-zinc-600">What members can train: drafts, the library, and retired programs.</p>
        </div>
        <Button onClick={() => setIsCreating(true)}>
          <Plus /> New program
        </Button>
      </header>
      {list.isError && <LoadError retryLabel="Retry loading the programs" onRetry={() => list.refetch()} />}

      <Card className="overflow-hidden">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: axe: a scrollable region must be reachable by keyboard */}
        <section className="overflow-x-auto" aria-label="Programs table" tabIndex={0}>
          <table className="w-full text-left text-sm whitespace-nowrap">
            <TableHead columns={['Program', 'Status', 'Level', 'Days', 'Rounds started', 'Running']} />
            <tbody>
              {(list.data?.programs ?? []).map((p) => (
                <tr key={p.id} className="border-t border-zinc-100">
                  <td className="px-4 py-2">
                    <Link
                      to={`/admin/programs/${p.id}`}
                      className="font-semibold text-brand-700 hover:underline"
                    >
                      {p.name}
                    </Link>
                    <span className="block text-xs text-zinc-500">{p.slug}</span>
                  </td>
                  <td className="px-4 py-2">
                    <ProgramStatusBadge status={p.status} />
                  </td>
                  <td className="px-4 py-2">{LEVEL_LABELS[p.level]}</td>
                  <td className="px-4 py-2">
                    {p.daysFilled < p.days ? `${p.daysFilled} of ${p.days} filled` : p.days}
                  </td>
                  <td className="px-4 py-2">{number.format(p.roundsStarted)}</td>
                  <td className="px-4 py-2">{number.format(p.roundsRunning)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        {list.isPending && <p className="px-5 py-6 text-sm text-zinc-500">Loading programs...</p>}
      </Card>

      <Dialog open={isCreating} onOpenChange={setIsCreating}>
        <DialogContent>
          <DialogTitle>New program</DialogTitle>
          <DialogDescription>
            It starts as a draft: fill its days, then publish it to the library.
          </DialogDescription>
          {isCreating && (
            <div className="mt-4">
              <ProgramFieldsForm
                idPrefix="new-program"
                error={create.error?.message}
                onSubmit={(input) =>
                  create.mutate(input, {
                    onSuccess: (answer) => {
                      toast.success(`${answer.program.name} created`);
                      setIsCreating(false);
                      void navigate(`/admin/programs/${answer.program.id}`);
                    },
                  })
                }
                actions={
                  <>
                    <Button type="button" variant="outline" onClick={() => setIsCreating(false)}>
                      Cancel
                    </Button>
                    <Button type="submit" disabled={create.isPending}>
                      Create program
                    </Button>
                  </>
                }
              />
            </div>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
