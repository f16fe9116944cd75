import { auditActionLabel } from '@core28/core/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { api, unwrap } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { TableHead } from './table-head';

// The owner's audit log: every staff write, who did it, about which member, when and from where.
// Read-only; filtered by person and by member; older pages by the last row's id.

type AuditPage = InferResponseType<typeof api.admin.audit.$get, 200>;

const auditQuery = (actor: string, member: string, before: number | undefined) =>
  queryOptions({
    queryKey: ['admin', 'audit', actor, member, before ?? null] as const,
    queryFn: () =>
      unwrap(
        api.admin.audit.$get({
          query: { actor, member, ...(before === undefined ? {} : { before: String(before) }) },
        }),
      ),
    placeholderData: keepPreviousData,
    meta: { errorLog: 'Failed to load the audit log' },
  });

const actorsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'audit', 'actors'] as const,
    queryFn: () => unwrap(api.admin.audit.actors.$get()),
  });

const dateTime = { format: (value: Date | number) => formatDate(value, 'dateTime') };

function Entry({ entry }: { entry: AuditPage['entries'][number] }) {
  return (
    <tr className="border-t border-zinc-100 align-top">
      <td className="px-4 py-2 text-zinc-600">
        <time dateTime={entry.at}>{dateTime.format(new Date(entry.at))}</time>
      </td>
      <td className="px-4 py-2 font-medium">{entry.actorName}</td>
      <td className="px-4 py-2">
        {auditActionLabel(entry.action)}
        <span className="block font-mono text-xs text-zinc-500">{entry.action}</span>
      </td>
      <td className="px-4 py-2">
        {entry.memberId ? (
          <Link to={`/admin/users/${entry.memberId}`} className="text-brand-700 hover:underline">
            {entry.memberEmail ?? 'Deleted member'}
          </Link>
        ) : (
          '—'
        )}
      </td>
      <td className="px-4 py-2 font-mono text-xs text-zinc-600">{entry.ip ?? '—'}</td>
    </tr>
  );
}

export default function AdminAuditPage() {
  const [actor, setActor] = useState('');
  const [memberText, setMemberText] = useState('');
  const member = useDeferredValue(memberText.trim());
  // The ids each page started before, so "Newer" goes back one page.
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors.at(-1);
  const log = useQuery(auditQuery(actor, member, before));
  const actors = useQuery(actorsQuery());
  const restart = () => setCursors([undefined]);

  return (
    <div className="grid gap-6 p-4 sm:p-8">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Audit log</h1>
        <p className="mt-1 text-sm text-zinc-600">
          Every change the team made: replies, plans, content, the team itself. It cannot be edited.
        </p>
      </header>
      <fieldset className="flex flex-wrap items-end gap-3 text-sm" aria-label="Filters">
        <Field id="audit-person" label="Person">
          <Select
            value={actor}
            onChange={(e) => {
              setActor(e.target.value);
              restart();
            }}
          >
            <option value="">Everyone</option>
            {(actors.data?.actors ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </Select>
        </Field>
        <div className="relative w-full max-w-xs">
          <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
          <Input
            type="search"
            aria-label="Member e-mail"
            placeholder="Member e-mail"
            className="pl-9"
            value={memberText}
            onChange={(e) => {
              setMemberText(e.target.value);
              restart();
            }}
          />
        </div>
      </fieldset>
      {log.isError && <LoadError retryLabel="Retry loading the audit log" onRetry={() => log.refetch()} />}
      <section
        className="overflow-x-auto rounded-xl border border-zinc-200 bg-white"
        aria-label="Audit entries"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: axe: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        <table className="w-full text-left text-sm">
          <TableHead columns={['When', 'Who', 'What', 'Member', 'From']} />
          <tbody>
            {(log.data?.entries ?? []).map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
        {log.data && log.data.entries.length === 0 && (
          <p className="p-6 text-center text-sm text-zinc-600">Nothing recorded for these filters.</p>
        )}
      </section>
      <nav className="flex gap-3" aria-label="Audit pages">
        <Button
          variant="outline"
          disabled={cursors.length === 1}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          Newer
        </Button>
        <Button
          variant="outline"
          disabled={!log.data?.nextBefore}
          onClick={() => {
            const next = log.data?.nextBefore;
            if (next) setCursors((c) => [...c, next]);
          }}
        >
          Older
        </Button>
      </nav>
    </div>
  );
}
