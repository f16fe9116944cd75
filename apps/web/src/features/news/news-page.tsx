import type { NewsItem, NewsKind } from '@core28/core/news';
import { useInfiniteQuery } from '@tanstack/react-query';
import { AlertTriangle, Award, CalendarClock, Flag, MessageCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { cn } from '@/lib/class-names';
import { formatRelative } from '@/lib/relative-time';
import { newsListQuery, useMarkNewsRead } from './api';

const ICONS: Record<NewsKind, typeof Award> = {
  'coach-reply': MessageCircle,
  achievement: Award,
  'round-finished': Flag,
  'plan-ending': CalendarClock,
  'payment-problem': AlertTriangle,
};

/** "What is new": newest first; opening it reads everything it shows. */
export default function NewsPage() {
  const list = useInfiniteQuery(newsListQuery());
  const markRead = useMarkNewsRead();
  const markedUpTo = useRef<string | null>(null);
  const newest = list.data?.pages[0]?.items[0];
  useEffect(() => {
    if (!newest || newest.isRead || markedUpTo.current === newest.id) return;
    markedUpTo.current = newest.id;
    markRead.mutate(newest.id);
  }, [newest, markRead]);

  if (list.isPending) return <PageSpinner />;
  if (list.isError)
    return <LoadError message="Failed to load what is new" onRetry={() => void list.refetch()} />;
  const items = list.data.pages.flatMap((page) => page.items);
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">What is new</h1>
      {items.length === 0 ? (
        <p className="mt-6 text-zinc-600">
          Nothing yet. Your coach's replies, achievements and news about your plan appear here.
        </p>
      ) : (
        <ul
          className="mt-4 divide-y divide-zinc-200 rounded-xl border border-zinc-200 bg-white"
          data-testid="news-list"
        >
          {items.map((item) => (
            <NewsRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          variant="outline"
          className="mt-4 min-h-11 w-full"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Show older
        </Button>
      )}
    </div>
  );
}

export function NewsRow({ item }: { item: NewsItem }) {
  const Icon = ICONS[item.kind];
  return (
    <li>
      <Link
        to={item.url}
        className="flex min-h-11 items-start gap-3 p-4 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span
          className={cn(
            'grid size-10 shrink-0 place-items-center rounded-full',
            item.kind === 'payment-problem' ? 'bg-amber-100 text-amber-800' : 'bg-brand-50 text-brand-700',
          )}
        >
          <Icon className="size-5" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className="font-semibold text-zinc-900">
              {!item.isRead && (
                <span
                  className="mr-1.5 inline-block size-2 rounded-full bg-brand-600 align-middle"
                  aria-hidden
                />
              )}
              {item.title}
              {!item.isRead && <span className="sr-only"> (new)</span>}
            </span>
            <time dateTime={item.createdAt} className="shrink-0 text-xs text-zinc-600">
              {formatRelative(item.createdAt)}
            </time>
          </span>
          {item.body && <span className="mt-0.5 block text-sm text-zinc-700">{item.body}</span>}
        </span>
      </Link>
    </li>
  );
}
