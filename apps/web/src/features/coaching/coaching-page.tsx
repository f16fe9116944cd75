import { useQuery } from '@tanstack/react-query';
import { Lock, MessageCirclePlus, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/class-names';
import { useViewer } from '@/lib/viewer';
import { isForbidden, memberCoachQuery, memberTopicsQuery } from './api';
import { CoachCard } from './coach-card';
import { LiveIndicator } from './conversation';
import { useLiveCoaching } from './live';
import { MemberConversation } from './member-conversation';
import { NewTopicDialog } from './new-topic-dialog';
import { TopicList } from './topic-list';

export default function CoachingPage() {
  const { isAdmin, subscription, isLoading } = useViewer();
  if (isLoading || (!isAdmin && subscription === null)) return <PageSpinner />;
  if (isAdmin) return <Navigate to="/admin/one-on-one" replace />;
  if (!subscription?.entitlements.coaching) return <AccessRestricted />;
  return <Coaching />;
}

/** spec §2: members without a subscribed 1-on-1 Burn plan. */
function AccessRestricted() {
  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-16 text-center sm:px-6">
      <div className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
        <Lock className="size-6" aria-hidden />
      </div>
      <h1 className="text-3xl font-extrabold tracking-tight">Access Restricted</h1>
      <p className="text-zinc-600">
        One-on-one coaching is part of the 1-on-1 Burn plan: ask a coach anything about your training, form
        and nutrition, and get personal answers.
      </p>
      <Button asChild className="mx-auto">
        <Link to="/subscription">Upgrade to 1-on-1 Burn</Link>
      </Button>
    </div>
  );
}

function Coaching() {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('topic');
  const select = (id: string | null) => setParams(id ? { topic: id } : {}, { replace: false });
  const [isCreating, setIsCreating] = useState(false);
  const status = useLiveCoaching();
  const topics = useQuery(memberTopicsQuery());
  // The coach's card sits above the conversations: it is awaited with them, or its arrival would
  // push the whole chat down (layout shift).
  const coach = useQuery(memberCoachQuery());
  if (isForbidden(topics.error)) return <AccessRestricted />;
  if (coach.isPending) return <PageSpinner />;

  const list = topics.data?.topics ?? [];
  const selected = list.find((t) => t.id === selectedId) ?? null;

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-3xl font-extrabold tracking-tight">1-on-1 Coaching</h1>
          <p className="text-zinc-600">
            Ask your coach anything. Replies appear here as soon as they are sent.
          </p>
        </div>
        <div className="flex items-center gap-3">
          <LiveIndicator status={status} />
          <Button onClick={() => setIsCreating(true)}>
            <MessageCirclePlus /> New Topic
          </Button>
        </div>
      </header>

      <CoachCard />

      <Card className="grid h-[min(70vh,720px)] min-h-[420px] grid-cols-[minmax(0,1fr)] overflow-hidden md:grid-cols-[320px_minmax(0,1fr)]">
        <aside
          aria-label="Discussion topics"
          className={cn('min-h-0 overflow-y-auto border-zinc-200 md:border-r', selected && 'hidden md:block')}
        >
          {topics.isPending ? (
            <div className="grid place-items-center p-10">
              <Spinner />
            </div>
          ) : topics.isError ? (
            <LoadError
              message="Failed to load discussion topics"
              onRetry={() => topics.refetch()}
              className="text-sm"
            />
          ) : list.length === 0 ? (
            <div className="grid gap-3 p-6 text-center text-sm text-zinc-600">
              <MessagesSquare className="mx-auto size-8 text-zinc-400" aria-hidden />
              <p>No topics yet. Start one to ask your coach a question.</p>
            </div>
          ) : (
            <TopicList topics={list} selectedId={selectedId} onSelect={select} />
          )}
        </aside>
        <section className={cn('flex min-h-0 flex-col bg-zinc-50/60', !selected && 'hidden md:flex')}>
          {selected ? (
            <MemberConversation key={selected.id} topic={selected} onBack={() => select(null)} />
          ) : (
            <div className="grid flex-1 place-items-center p-10 text-center text-sm text-zinc-500">
              Choose a topic, or start a new one.
            </div>
          )}
        </section>
      </Card>

      <NewTopicDialog
        open={isCreating}
        onOpenChange={setIsCreating}
        onCreated={(id) => {
          setIsCreating(false);
          select(id);
        }}
      />
    </div>
  );
}
