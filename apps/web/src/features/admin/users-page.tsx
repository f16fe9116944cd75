import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { USERS_PAGE_SIZE, usersQuery } from './api';

const PLAN_LABEL = { trial: 'Trial', paid: 'Paid', none: '—' } as const;

export default function AdminUsersPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDeferredValue(search.trim());
  const list = useQuery(usersQuery(query, page));
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
      {list.isError && (
        <Button variant="outline" className="w-fit" onClick={() => list.refetch()}>
          Retry loading users
        </Button>
      )}
      <section
        className="overflow-x-auto rounded-xl border border-zinc-200 bg-white"
        aria-label="Members table"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: axe: a scrollable region must be reachable by keyboard
        tabIndex={0}
      >
        <table className="w-full whitespace-nowrap text-left text-sm">
          <thead className="bg-zinc-50 text-zinc-500">
            <tr>
              {['Name', 'Email', 'Tier', 'Plan', 'Registered', 'Current day'].map((h) => (
                <th key={h} className="px-4 py-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(data?.users ?? []).map((user) => (
              <tr key={user.id} className="border-t border-zinc-100">
                <td className="px-4 py-2 font-medium">{user.name || '—'}</td>
                <td className="px-4 py-2">{user.email}</td>
                <td className="px-4 py-2">{user.tier ?? '—'}</td>
                <td className="px-4 py-2">{PLAN_LABEL[user.plan]}</td>
                <td className="px-4 py-2">{new Date(user.registrationDate).toLocaleDateString()}</td>
                <td className="px-4 py-2">Day {user.currentDay}</td>
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
