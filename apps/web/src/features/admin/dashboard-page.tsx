import { adminHomeOf, staffMay } from '@core28/core/staff';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, CreditCard, MessagesSquare, UserPlus, Users } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { cn } from '@/lib/class-names';
import { formatNumber } from '@/lib/format';
import { formatRelative } from '@/lib/relative-time';
import { useViewer } from '@/lib/viewer';
import { type Dashboard, dashboardQuery } from './api';
import { AttentionCard } from './attention-card';

const CARDS = {
  members: { label: 'Members', icon: Users },
  paidSubscribers: { label: 'Paid Subscribers', icon: CreditCard },
  openConversations: { label: 'Open Conversations', icon: MessagesSquare },
  daysCompleted: { label: 'Days Completed', icon: CalendarCheck },
} as const;

const number = { format: (value: number) => formatNumber(value) };

function Change({ change }: { change: number | null }) {
  if (change === null) return <p className="text-xs text-zinc-500">No figures for yesterday yet</p>;
  if (change === 0) return <p className="text-xs text-zinc-500">No change since yesterday</p>;
  return (
    <p className={cn('text-xs font-medium', change > 0 ? 'text-emerald-700' : 'text-red-700')}>
      {change > 0 ? '+' : '−'}
      {number.format(Math.abs(change))} since yesterday
    </p>
  );
}

function activityText(a: Dashboard['recentActivity'][number]) {
  if (a.kind === 'signup') return 'signed up';
  if (a.kind === 'day_completed') return `completed day ${a.day}`;
  return a.isTrial ? `started a ${a.tier} trial` : `subscribed to ${a.tier}`;
}

/** spec §2 Dashboard: four count cards with the change since yesterday, recent messages and activity. */
/** The owner's dashboard (its figures are the business's); other staff start at their first page. */
export default function AdminDashboardPage() {
  const { staff } = useViewer();
  if (!staffMay(staff, 'business')) return <Navigate to={adminHomeOf(staff) ?? '/'} replace />;
  return <OwnerDashboard />;
}

function OwnerDashboard() {
  const dashboard = useQuery(dashboardQuery());
  const data = dashboard.data;

  return (
    <div className="grid gap-6 p-4 sm:p-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Dashboard</h1>
          <p className="text-zinc-600">Today at a glance, compared with yesterday.</p>
        </div>
        {dashboard.isError && (
          <LoadError retryLabel="Retry loading the dashboard" onRetry={() => dashboard.refetch()} />
        )}
      </header>

      <section aria-label="Counts" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        {(Object.keys(CARDS) as (keyof typeof CARDS)[]).map((key) => {
          const { label, icon: Icon } = CARDS[key];
          const card = data?.cards.find((c) => c.key === key);
          return (
            <Card key={key} role="group" className="grid gap-2 p-5" aria-label={label}>
              <div className="flex items-center justify-between text-sm font-medium text-zinc-600">
                {label}
                <Icon className="size-4 text-zinc-400" aria-hidden />
              </div>
              <p className="text-3xl font-extrabold tracking-tight">
                {card ? number.format(card.value) : dashboard.isPending ? '…' : '0'}
              </p>
              {card ? <Change change={card.change} /> : <p className="text-xs text-zinc-500">&nbsp;</p>}
            </Card>
          );
        })}
      </section>

      <AttentionCard members={data?.attention} />

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="overflow-hidden">
          <h2 className="border-b border-zinc-100 px-5 py-4 font-bold">Recent 1-on-1 Messages</h2>
          <ul className="divide-y divide-zinc-100">
            {(data?.recentMessages ?? []).map((m) => (
              <li key={m.id}>
                <Link
                  to={`/admin/chat/${m.userId}/${m.topicId}`}
                  className="grid grid-cols-[minmax(0,1fr)] gap-0.5 px-5 py-3 hover:bg-zinc-50"
                >
                  <span className="flex items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 truncate font-semibold">
                      {m.isCoachReply ? `Coach → ${m.userName}` : m.userName}
                    </span>
                    <span className="shrink-0 text-xs text-zinc-500">{formatRelative(m.createdAt)}</span>
                  </span>
                  <span className="truncate text-xs text-zinc-500">{m.title}</span>
                  <span className="truncate text-sm text-zinc-700">{m.message}</span>
                </Link>
              </li>
            ))}
          </ul>
          {data && data.recentMessages.length === 0 && (
            <p className="px-5 py-6 text-sm text-zinc-500">No coaching messages yet.</p>
          )}
        </Card>

        <Card className="overflow-hidden">
          <h2 className="border-b border-zinc-100 px-5 py-4 font-bold">Recent Activity</h2>
          <ul className="divide-y divide-zinc-100">
            {(data?.recentActivity ?? []).map((a) => {
              const Icon =
                a.kind === 'signup' ? UserPlus : a.kind === 'day_completed' ? CalendarCheck : CreditCard;
              return (
                <li
                  key={`${a.kind}-${a.userId}-${a.at}`}
                  className="flex items-center gap-3 px-5 py-3 text-sm"
                >
                  <Icon className="size-4 shrink-0 text-zinc-400" aria-hidden />
                  <span className="min-w-0 flex-1 truncate">
                    <Link to={`/admin/users/${a.userId}`} className="font-semibold hover:underline">
                      {a.userName}
                    </Link>{' '}
                    {activityText(a)}
                  </span>
                  <span className="shrink-0 text-xs text-zinc-500">{formatRelative(a.at)}</span>
                </li>
              );
            })}
          </ul>
          {data && data.recentActivity.length === 0 && (
            <p className="px-5 py-6 text-sm text-zinc-500">No member activity yet.</p>
          )}
        </Card>
      </div>
    </div>
  );
}
