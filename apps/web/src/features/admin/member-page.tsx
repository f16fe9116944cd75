import { planLabel } from '@core28/core/plans';
import { formatMmSs } from '@core28/core/program';
import { roundStandingLabel } from '@core28/core/rounds';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, MessagesSquare, TrendingDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { formatRelative } from '@/lib/relative-time';
import { MemberPlanSection } from '../program/admin/member-plan';
import { type MemberDetail, memberDetailQuery, useRefreshMember } from './api';
import { MemberGrid } from './member-grid';
import { WellnessChart } from './wellness-chart';

const PLAN_LABEL = { trial: 'Trial', paid: 'Paid', none: 'No plan' } as const;
const date = (iso: string) => formatDate(iso, 'medium');

/** Where the member's subscription stands: renewing, cancelling, switching down, a trial, ended. */
function subscriptionStatus(m: MemberDetail): { text: string; tone: 'green' | 'amber' | 'zinc' } {
  const on = (iso: string | null) => (iso ? ` on ${date(iso)}` : '');
  switch (m.status) {
    case 'trial':
      return { text: `Trial${m.trialEnd ? `, ends${on(m.trialEnd)}` : ''}`, tone: 'amber' };
    case 'active':
      return { text: `Active${m.subscriptionEnd ? `, renews${on(m.subscriptionEnd)}` : ''}`, tone: 'green' };
    case 'cancelling':
      return { text: `Cancels at the period end${on(m.subscriptionEnd)}`, tone: 'amber' };
    case 'downgrading':
      return {
        text: `Active, switches to ${m.scheduledPlanId ? planLabel(m.scheduledPlanId) : 'a lower plan'}${on(m.subscriptionEnd)}`,
        tone: 'amber',
      };
    case 'ended':
      return { text: `Ended${on(m.subscriptionEnd)}`, tone: 'zinc' };
    default:
      return { text: 'No plan', tone: 'zinc' };
  }
}
const TONE = {
  green: 'bg-green-100 text-green-800',
  amber: 'bg-amber-100 text-amber-900',
  zinc: 'bg-zinc-100 text-zinc-700',
} as const;

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 rounded-xl border border-zinc-200 bg-white p-3">
      <span className="text-xs font-medium text-zinc-500">{label}</span>
      <span className="text-lg font-bold">{children}</span>
    </div>
  );
}

/** /admin/users/{userId}, the member the coach is helping on one screen. */
export default function AdminMemberPage() {
  const { userId = '' } = useParams();
  const detail = useQuery(memberDetailQuery(userId));
  const refreshMember = useRefreshMember(userId);
  const m = detail.data;
  if (detail.isError)
    return (
      <LoadError message="Failed to load the member" onRetry={() => detail.refetch()} className="p-10" />
    );
  if (!m)
    return (
      <div className="grid place-items-center p-10">
        <Spinner />
      </div>
    );
  const openTopic = m.topics.find((t) => !t.isArchived) ?? m.topics[0];
  const status = subscriptionStatus(m);
  return (
    <div className="grid gap-6 p-4 sm:p-8">
      <Link
        to="/admin/users"
        className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-zinc-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to Users
      </Link>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0 max-w-full [overflow-wrap:anywhere]">
          <h1 className="text-3xl font-extrabold tracking-tight">{m.name || m.email}</h1>
          <p className="text-zinc-600">
            {m.email} · {m.planId && m.plan === 'paid' ? planLabel(m.planId) : (m.tier ?? 'No tier')} ·{' '}
            {PLAN_LABEL[m.plan]}
          </p>
          <p className="mt-1">
            <span
              role="status"
              aria-label="Subscription"
              className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[status.tone]}`}
            >
              {status.text}
            </span>
          </p>
        </div>
        {openTopic && (
          <Link
            to={`/admin/chat/${m.userId}/${openTopic.id}`}
            className="inline-flex items-center gap-1.5 rounded-lg bg-zinc-900 px-3 py-2 text-sm font-semibold text-white hover:bg-zinc-800"
          >
            <MessagesSquare className="size-4" aria-hidden /> Open chat
          </Link>
        )}
      </header>
      <section aria-label="At a glance" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Stat label="Program day">
          {/* The round's name heads the grid below; here where the member stands in it. */}
          {m.round.status === 'running'
            ? `Day ${m.currentDay} of ${m.round.program.days}`
            : roundStandingLabel(m.round)}
        </Stat>
        <Stat label="Streak">{m.streak} days</Stat>
        <Stat label="Days completed">
          {m.completedDays} of {m.round.program.days}
        </Stat>
        <Stat label="Missed in a row">
          <span className={m.missedInARow >= 2 ? 'text-amber-700' : undefined}>{m.missedInARow}</span>
        </Stat>
        <Stat label="Last active">{m.lastActive ? formatRelative(m.lastActive) : 'Never'}</Stat>
        <Stat label="Registered">{date(m.registrationDate)}</Stat>
      </section>
      <div className="grid gap-6 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="grid content-start gap-4 p-5">
          <h2 className="font-bold">
            {m.round.program.name} · round {m.round.number} · {m.round.program.days} days
          </h2>
          <MemberGrid member={m} />
          {m.lastSession && (
            <p className="text-sm text-zinc-600">
              Last session: day {m.lastSession.day}, {formatRelative(m.lastSession.at)}
              {m.lastSession.totalSeconds !== null &&
                ` · ${formatMmSs(m.lastSession.totalSeconds)} · ${m.lastSession.reps} reps`}
            </p>
          )}
        </Card>
        <Card className="grid content-start gap-4 p-5">
          <h2 className="flex items-center gap-2 font-bold">
            Feeling and energy
            {m.wellnessFalling && (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                <TrendingDown className="size-3.5" aria-hidden /> Falling
              </span>
            )}
          </h2>
          <WellnessChart entries={m.wellness} />
        </Card>
      </div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="grid content-start gap-4 p-5">
          <h2 className="font-bold">Plan</h2>
          <MemberPlanSection userId={m.userId} onChanged={refreshMember} />
        </Card>
        <Card className="grid content-start gap-3 p-5">
          <h2 className="font-bold">Topics</h2>
          {m.topics.length === 0 ? (
            <p className="text-sm text-zinc-500">No coaching topics.</p>
          ) : (
            <ul className="divide-y divide-zinc-100">
              {m.topics.map((t) => (
                <li key={t.id}>
                  <Link
                    to={`/admin/chat/${m.userId}/${t.id}`}
                    className="flex items-center justify-between gap-2 py-2 text-sm hover:underline"
                  >
                    <span className="min-w-0 truncate font-medium">{t.title}</span>
                    <span className="shrink-0 text-xs text-zinc-500">
                      {t.unreadCount > 0 && (
                        <strong className="mr-2 text-brand-700">{t.unreadCount} new</strong>
                      )}
                      {t.isArchived ? 'Archived' : formatRelative(t.updatedAt)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
