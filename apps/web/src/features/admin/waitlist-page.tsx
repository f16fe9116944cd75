import type { WaitlistStatus } from '@core28/core/seats';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { api, unwrap } from '@/lib/api';
import { cn } from '@/lib/class-names';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';

// The owner's view of "Limited seats": who waits for a 1-on-1 Burn seat, in order, who has an
// offer open (48 hours), and who left the list.

const waitlistQuery = () =>
  queryOptions({
    queryKey: ['admin', 'waitlist'] as const,
    queryFn: () => unwrap(api.admin.waitlist.$get()),
    refetchInterval: 60_000,
  });
type Entry = InferResponseType<typeof api.admin.waitlist.$get, 200>['entries'][number];

const STATUS: Record<WaitlistStatus, { label: string; className: string }> = {
  waiting: { label: 'Waiting', className: 'bg-zinc-100 text-zinc-800' },
  offered: { label: 'Seat offered', className: 'bg-green-100 text-green-900' },
  'offer-expired': { label: 'Offer expired', className: 'bg-amber-100 text-amber-900' },
  closed: { label: 'Closed', className: 'bg-zinc-100 text-zinc-600' },
};

const when = (iso: string | null) => (iso ? formatDate(iso, 'dateTime') : '—');

function EntryRow({ entry, onRemove }: { entry: Entry; onRemove: (entry: Entry) => void }) {
  const status = STATUS[entry.status];
  return (
    <li className="grid gap-2 border-t border-zinc-100 px-4 py-3 first:border-t-0 sm:grid-cols-[3rem_1fr_auto] sm:items-center">
      <span className="text-sm font-semibold text-zinc-500">
        {entry.position ? `#${entry.position}` : ''}
      </span>
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium">{entry.email}</span>
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', status.className)}>
            {status.label}
          </span>
        </p>
        <p className="text-sm text-zinc-600">
          {entry.interval === 'year' ? 'Annually' : 'Monthly'} · joined {when(entry.joined_at)}
          {entry.status === 'offered' && ` · offer ends ${when(entry.offer_expires_at)}`}
          {entry.closed_at && ` · closed ${when(entry.closed_at)}`}
        </p>
      </div>
      {entry.position !== null && (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => onRemove(entry)}>
          Remove<span className="sr-only"> {entry.email}</span>
        </Button>
      )}
    </li>
  );
}

export default function WaitlistPage() {
  const list = useQuery(waitlistQuery());
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (entry: Entry) =>
      unwrap(api.admin.waitlist[':waitlistId'].$delete({ param: { waitlistId: entry.id } })),
    onSuccess: (_, entry) => {
      toast.success(`${entry.email} is off the waitlist`);
      void queryClient.invalidateQueries({ queryKey: waitlistQuery().queryKey });
    },
    onError: (err) => toast.error('Error', { description: err.message }),
  });
  const data = list.data;
  const waiting = data?.entries.filter((e) => e.position !== null) ?? [];
  const closed = data?.entries.filter((e) => e.position === null) ?? [];

  return (
    <div className="grid gap-6 p-4 sm:p-8">
      <header className="grid gap-1">
        <h1 className="text-3xl font-extrabold tracking-tight">Waitlist</h1>
        <p className="text-zinc-600">
          {data
            ? `${data.free_seats} of ${data.seats} 1-on-1 Burn seats free · ${waiting.length} waiting`
            : 'People waiting for a 1-on-1 Burn seat.'}
        </p>
      </header>
      {list.isError && <LoadError retryLabel="Retry loading the waitlist" onRetry={() => list.refetch()} />}
      <section aria-labelledby="waiting-heading" className="grid gap-2">
        <h2 id="waiting-heading" className="text-lg font-bold">
          In line
        </h2>
        <p className="text-sm text-zinc-600">
          When a seat frees up, the first person here gets an e-mail and 48 hours to take it; then the next.
        </p>
        {waiting.length ? (
          <ol className="rounded-xl border border-zinc-200 bg-white">
            {waiting.map((entry) => (
              <EntryRow key={entry.id} entry={entry} onRemove={(e) => remove.mutate(e)} />
            ))}
          </ol>
        ) : (
          <p className="rounded-xl border border-dashed border-zinc-300 bg-white px-4 py-6 text-center text-sm text-zinc-600">
            {list.isPending ? 'Loading…' : 'Nobody is waiting.'}
          </p>
        )}
      </section>
      {closed.length > 0 && (
        <section aria-labelledby="closed-heading" className="grid gap-2">
          <h2 id="closed-heading" className="text-lg font-bold">
            Recently closed
          </h2>
          <ul className="rounded-xl border border-zinc-200 bg-white">
            {closed.map((entry) => (
              <EntryRow key={entry.id} entry={entry} onRemove={() => undefined} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
