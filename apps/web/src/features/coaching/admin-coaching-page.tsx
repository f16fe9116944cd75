import { useQuery } from '@tanstack/react-query';
import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/class-names';
import { coachTopicsQuery } from './admin-api';
import { CoachConversation } from './coach-conversation';
import { LiveIndicator } from './conversation';
import { useLiveCoaching } from './live';
import { TopicList } from './topic-list';

const TABS = [
  { id: 'active', label: 'Active', archived: false },
  { id: 'archived', label: 'Archived', archived: true },
] as const;

/** spec §2 Admin 1-on-1: Active and Archived tabs, every member's topics, a chat pane and a reply box. */
export default function AdminCoachingPage() {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('topic');
  const [tab, setTab] = useState<(typeof TABS)[number]>(TABS[0]);
  const status = useLiveCoaching();
  const topics = useQuery(coachTopicsQuery(tab.archived));
  const list = topics.data?.topics ?? [];
  const select = (id: string | null) => setParams(id ? { topic: id } : {});

  return (
    <div className="grid gap-6 p-4 sm:p-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">1 on 1</h1>
          <p className="text-zinc-600">Members’ coaching conversations, newest activity first.</p>
        </div>
        <LiveIndicator status={status} />
      </header>
      <Card className="grid h-[min(75vh,760px)] min-h-[440px] grid-cols-[minmax(0,1fr)] overflow-hidden md:grid-cols-[340px_minmax(0,1fr)]">
        <aside
          className={cn('flex min-h-0 flex-col border-zinc-200 md:border-r', selectedId && 'hidden md:flex')}
        >
          <div
            role="tablist"
            aria-label="Topics"
            className="grid grid-cols-2 gap-1 border-b border-zinc-200 p-2"
          >
            {TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                aria-selected={t.id === tab.id}
                onClick={() => setTab(t)}
                className={cn(
                  'rounded-lg px-3 py-1.5 text-sm font-medium',
                  t.id === tab.id ? 'bg-zinc-900 text-white' : 'text-zinc-600 hover:bg-zinc-100',
                )}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-label={`${tab.label} topics`} className="min-h-0 flex-1 overflow-y-auto">
            {topics.isPending ? (
              <div className="grid place-items-center p-10">
                <Spinner />
              </div>
            ) : list.length === 0 ? (
              <div className="grid gap-3 p-6 text-center text-sm text-zinc-600">
                <MessagesSquare className="mx-auto size-8 text-zinc-400" aria-hidden />
                <p>{tab.archived ? 'No archived topics.' : 'No active topics.'}</p>
                {topics.isError && (
                  <Button variant="outline" size="sm" className="mx-auto" onClick={() => topics.refetch()}>
                    Retry
                  </Button>
                )}
              </div>
            ) : (
              <TopicList topics={list} selectedId={selectedId} onSelect={select} />
            )}
          </div>
        </aside>
        <section className={cn('flex min-h-0 flex-col bg-zinc-50/60', !selectedId && 'hidden md:flex')}>
          {selectedId ? (
            <CoachConversation
              key={selectedId}
              topicId={selectedId}
              onBack={() => select(null)}
              onArchived={() => select(null)}
              showFullPageLink
            />
          ) : (
            <div className="grid flex-1 place-items-center p-10 text-center text-sm text-zinc-500">
              Choose a topic to read and reply.
            </div>
          )}
        </section>
      </Card>
    </div>
  );
}
