import { roundStandingLabel } from '@core28/core/rounds';
import { useQuery } from '@tanstack/react-query';
import { Search, TrendingDown } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Select } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { formatDate } from '@/lib/format';
import { formatRelative } from '@/lib/relative-time';
import { attentionQuery, type MemberFilters, NO_FILTERS, USERS_PAGE_SIZE, usersQuery } from './api';
import { AttentionCard } from './attention-card';
import { TableHead } from './table-head';

const PLAN_LABEL = { trial: 'Trial', paid: 'Paid', none: '—' } as const;

export default function AdminUsersPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<MemberFilters>(NO_FILTERS);
  const query = useDeferredValue(search.trim());
  const list = useQuery(usersQuery(query, page, filters));
  // The coach's own "needs attention" (the dashboard, which shows the owner's, is the owner's alone).
  const attention = useQuery(attentionQuery()).data?.attention;
  const filter = <K extends keyof MemberFilters>(key: K, value: MemberFilters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / USERS_PAGE_SIZE)) : 1;

  return (
    <div className="grid gap-6 p-4 sm:p-8">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Users</h1>
        <span
          className="rounded-full bg-zinc-900 px-2.5 py-0.5 text-sm font-semibold text-white"
          title="Members"
        >
          {data?.total ?? 0}
          <span className="sr-only"> members</span>
        </span>
      </header>
      {attention && attention.length > 0 && <AttentionCard members={attention} />}
      <div className="relative max-w-md">
        <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
        <Input
          type="search"
          aria-label="Search users by name or email"
          placeholder="Search by name or email..."
          className="pl-9"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      <fieldset className="flex flex-wrap items-end gap-3 text-sm" aria-label="Filters">
        <Field id="filter-plan" label="Plan">
          <Select
            value={filters.plan}
            onChange={(e) => filter('plan', e.target.value as MemberFilters['plan'])}
          >
            <option value="all">All</option>
            <option value="paid">Paid</option>
            <option value="trial">Trial</option>
          </Select>
        </Field>
        <Field id="filter-missed-in-a-row" label="Missed in a row">
          <Select value={filters.missed} onChange={(e) => filter('missed', e.target.value)}>
            <option value="0">Any</option>
            <option value="2">2 days or more</option>
            <option value="3">3 days or more</option>
            <option value="5">5 days or more</option>
          </Select>
        </Field>
        <Field id="filter-sort-by" label="Sort by">
          <Select
            value={filters.sort}
            onChange={(e) => filter('sort', e.target.value as MemberFilters['sort'])}
          >
            <option value="registered">Newest first</option>
            <option value="lastActive">Last active</option>
            <option value="missed">Most days missed</option>
          </Select>
        </Field>
        <label className="flex h-10 items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={filters.burn === 'true'}
            onChange={(e) => filter('burn', e.target.checked ? 'true' : 'false')}
          />
          1-on-1 Burn
        </label>
        <label className="flex h-10 items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={filters.falling === 'true'}
            onChange={(e) => filter('falling', e.target.checked ? 'true' : 'false')}
          />
          Wellness falling
        </label>
      </fieldset>
      {list.isError && <LoadError retryLabel="Retry loading users" onRetry={() => list.refetch()} />}
      <section
        className="overflow-x-auto rounded-xl border border-zinc-200 bg-white"
        aria-label="Members table"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: axe: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        <table className="w-full whitespace-nowrap text-left text-sm">
          <TableHead
            columns={[
              'Name',
              'Email',
              'Tier',
              'Plan',
              'Program',
              'Streak',
              'Missed',
              'Last active',
              'Registered',
            ]}
          />
          <tbody>
            {(data?.users ?? []).map((user) => (
              <tr key={user.id} className="border-t border-zinc-100">
                <td className="px-4 py-2 font-medium">
                  <Link to={`/admin/users/${user.id}`} className="text-brand-700 hover:underline">
                    {user.name || 'Unnamed member'}
                  </Link>
                </td>
                <td className="px-4 py-2">{user.email}</td>
                <td className="px-4 py-2">{user.tier ?? '—'}</td>
                <td className="px-4 py-2">{PLAN_LABEL[user.plan]}</td>
                <td className="px-4 py-2">{roundStandingLabel(user.round)}</td>
                <td className="px-4 py-2">{user.streak}</td>
                <td className="px-4 py-2">
                  <span className={user.missedInARow >= 2 ? 'font-semibold text-amber-700' : undefined}>
                    {user.missedInARow}
                  </span>
                  {user.wellnessFalling && (
                    <TrendingDown
                      className="ml-1.5 inline size-4 text-amber-700"
                      aria-label="Wellness falling"
                    />
                  )}
                </td>
                <td className="px-4 py-2">{user.lastActive ? formatRelative(user.lastActive) : 'Never'}</td>
                <td className="px-4 py-2">{formatDate(user.registrationDate, 'medium')}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isPending && <p className="p-4 text-zinc-600">Loading users...</p>}
        {data && data.users.length === 0 && <p className="p-4 text-zinc-600">No members match.</p>}
      </section>
      <div className="flex items-center gap-3 text-sm">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <span>
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </div>
    </div>
  );
}
