import type { Viewer } from '@core28/core/navigation';
import type { ReactNode } from 'react';
import { useNewsCounts } from '@/features/news';
import { useRecordTimeZone } from '@/features/profile/api';
import { TabBar } from './tab-bar';

// What only a signed-in account runs around the pages, in a chunk of its own (member-parts.tsx
// loads it once someone is signed in): a visitor's first page never downloads or parses it.

export { NewsBell } from '@/features/news';
export { UpgradeBanner } from '@/features/subscriptions/upgrade-banner';
export { OfflineSync } from './pwa/offline-sync';

/** Coach counts the coach's unread replies; Today, what else is new (the header's bell has both). */
export function MemberTabs({ viewer }: { viewer: Viewer }) {
  const news = useNewsCounts();
  return (
    <TabBar viewer={viewer} badges={{ coach: news.coachUnread, today: news.unread - news.coachUnread }} />
  );
}

/** The browser's zone, recorded at sign-up or the first sign-in. */
export function RecordTimeZone(): ReactNode {
  useRecordTimeZone();
  return null;
}
