import { INBOX_VIEWS, type InboxView } from '@core28/core/coaching';
import { memberScopeOf } from '@core28/core/staff';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, MessagesSquare, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/class-names';
import { useViewer } from '@/lib/viewer';
import { coachTopicsQuery } from './admin-api';
import { CoachConversation } from './coach-conversation';
import { LiveIndicator } from './conversation';
import { useLiveCoaching } from './live';
import { TopicList } from './topic-list';

const TABS: Record<InboxView, { label: string; empty: string }> = {
  awaiting: { label: 'Awaiting reply', empty: 'Nobody is waiting for a reply.' },
  all: { label: 'All', empty: 'No open conversations.' },
  archived: { label: 'Archived', empty: 'No archived conversations.' },
};
const isView = (value: string | null): value is InboxView => INBOX_VIEWS.includes(value as InboxView);

/**
 * spec §2 Admin 1-on-1, for a team: the conversations of the members this coach coaches (the
 * owner's and all-members coaches': everyone's, each with its coach), in three views — awaiting a
 * reply (the longest wait first), all open ones, archived — searched and paged; a chat pane and
 * a reply box. The view, search, page and open topic live in the address.
 */
export default function AdminCoachingPage() {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('topic');
  const view: InboxView = isView(params.get('view')) ? (params.get('view') as InboxView) : 'awaiting';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { staff } = useViewer();
  const status = useLiveCoaching();
  const topics = useQuery(coachTopicsQuery({ view, q, page }));
  const list = topics.data?.topics ?? [];
  const pageCount = topics.data?.pageCount ?? 1;
  const update = (next: Record<string, string | null>) =>
    setParams((current) => {
      const merged = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next))
        if (value) merged.set(key, value);
        else merged.delete(key);
      return merged;
    });
  const select = (id: string | null) => update({ topic: id });

  return (
    <div className="grid gap-6 p-4 sm:p-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">1 on 1</h1>
          <p className="text-zinc-600">
            {memberScopeOf(staff) === 'all'
              ? 'Every member’s conversations, with their coach.'
              : 'Your members’ conversations.'}
          </p>
        </div>
        <LiveIndicator status={status} />
      </header>
      <Card className="grid h-[min(80vh,820px)] min-h-[480px] grid-cols-[minmax(0,1fr)] overflow-hidden md:grid-cols-[360px_minmax(0,1fr)]">
        <aside
          className={cn('flex min-h-0 flex-col border-zinc-200 md:border-r', selectedId && 'hidden md:flex')}
        >
          <div role="tablist" aria-label="Conversations" className="flex gap-1 p-2">
            {INBOX_VIEWS.map((id) => (
              <button
                key={id}
                type="button"
                role="tab"
                aria-selected={id === view}
                onClick={() => update({ view: id, page: null })}
                className={cn(
                  'flex-auto rounded-lg px-2 py-1.5 text-sm font-medium whitespace-nowrap',
                  id === view ? 'bg-zinc-900 text-white' : 'text-zinc-600 hover:bg-zinc-100',
                )}
              >
                {TABS[id].label}
              </button>
            ))}
          </div>
          <SearchBox value={q} onSearch={(next) => update({ q: next || null, page: null })} />
          <div
            role="tabpanel"
            aria-label={`${TABS[view].label} conversations`}
            className="min-h-0 flex-1 overflow-y-auto border-t border-zinc-200"
          >
            {topics.isPending ? (
              <div className="grid place-items-center p-10">
                <Spinner />
              </div>
            ) : list.length === 0 ? (
              <div className="grid gap-3 p-6 text-center text-sm text-zinc-600">
                <MessagesSquare className="mx-auto size-8 text-zinc-400" aria-hidden />
                <p>{q ? `Nothing matches “${q}”.` : TABS[view].empty}</p>
                {topics.isError && (
                  <Button variant="outline" size="sm" className="mx-auto" onClick={() => topics.refetch()}>
                    Retry
                  </Button>
                )}
              </div>
            ) : (
              <TopicList
                topics={list}
                selectedId={selectedId}
                onSelect={select}
                showCoach={memberScopeOf(staff) === 'all'}
              />
            )}
          </div>
          {pageCount > 1 && (
            <nav
              aria-label="Pages"
              className="flex items-center justify-between border-t border-zinc-200 px-2 py-1.5 text-sm"
            >
              <Button
                variant="ghost"
                size="sm"
                disabled={page <= 1}
                onClick={() => update({ page: String(page - 1) })}
              >
                <ChevronLeft /> Previous
              </Button>
              <span className="text-zinc-600">
                Page {page} of {pageCount}
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={page >= pageCount}
                onClick={() => update({ page: String(page + 1) })}
              >
                Next <ChevronRight />
              </Button>
            </nav>
          )}
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

/** A search by member name, e-mail or words of a message, sent a moment after typing stops. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => search.current(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <div className="relative px-2 pb-2">
      <Search className="pointer-events-none absolute top-2.5 left-4 size-4 text-zinc-400" aria-hidden />
      <Input
        type="search"
        aria-label="Search conversations"
        placeholder="Search name, e-mail or message"
        className="h-9 pl-8 text-sm"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}
