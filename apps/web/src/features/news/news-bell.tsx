import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useViewer } from '@/lib/viewer';
import { newsKeys, useNewsCounts } from './api';
import { useLiveNews } from './live';

/** The header's bell: "What is new" with its unread count, kept live (signed-in members). */
export function NewsBell() {
  const { user, staff } = useViewer();
  const { unread } = useNewsCounts();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  // Every member's count is live; staff have no items, and their inbox keeps its own listener.
  useLiveNews(Boolean(user) && staff === null);
  // Items the member's own actions add (a badge, a finished round) show on the next page.
  useEffect(() => {
    void pathname;
    void queryClient.invalidateQueries({ queryKey: newsKeys.counts });
  }, [pathname, queryClient]);
  return user ? <BellLink unread={unread} /> : null;
}

/** The bell itself: 44 px, its count in the name (the badge is for the eye). */
export function BellLink({ unread }: { unread: number }) {
  const label = unread > 0 ? `What is new, ${unread} unread` : 'What is new';
  return (
    <Link
      to="/news"
      aria-label={label}
      data-testid="news-bell"
      className="relative grid size-11 place-items-center rounded-full text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <Bell className="size-5" aria-hidden />
      {unread > 0 && (
        <span
          data-testid="news-count"
          aria-hidden
          className="absolute top-1 right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-brand-600 px-1 text-xs font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
