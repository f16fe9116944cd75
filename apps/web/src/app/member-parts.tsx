import type { Viewer } from '@core28/core/navigation';
import { lazy, type ReactNode, Suspense } from 'react';
import { useViewer } from '@/lib/viewer';

// The entry's side of member-chrome.tsx: each part renders only for a signed-in account, so the
// chunk is fetched once `me` answers, alongside the plan's own request that most parts wait for.

const chrome = () => import('./member-chrome');
const Bell = lazy(async () => ({ default: (await chrome()).NewsBell }));
const Banner = lazy(async () => ({ default: (await chrome()).UpgradeBanner }));
const Tabs = lazy(async () => ({ default: (await chrome()).MemberTabs }));
const Sync = lazy(async () => ({ default: (await chrome()).OfflineSync }));
const TimeZone = lazy(async () => ({ default: (await chrome()).RecordTimeZone }));

function SignedIn({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const { user } = useViewer();
  return user ? <Suspense fallback={fallback}>{children}</Suspense> : null;
}

/** The header's bell; its 44 px are held while the chunk loads, so the header does not move. */
export const MemberBell = () => (
  <SignedIn fallback={<span className="size-11 shrink-0" aria-hidden />}>
    <Bell />
  </SignedIn>
);

export const MemberBanner = ({ untilTrained }: { untilTrained: (banner: ReactNode) => ReactNode }) => (
  <SignedIn>
    <Banner untilTrained={untilTrained} />
  </SignedIn>
);

export const MemberTabBar = ({ viewer }: { viewer: Viewer }) => (
  <SignedIn>
    <Tabs viewer={viewer} />
  </SignedIn>
);

/** Writes queued offline, sent when the connection comes back (inside the router: its badge links). */
export const MemberOfflineSync = () => (
  <SignedIn>
    <Sync />
  </SignedIn>
);

export const MemberTimeZone = () => (
  <SignedIn>
    <TimeZone />
  </SignedIn>
);

/** What the tab bar takes of the screen's foot: the page is padded by as much (see RootLayout). */
export const TAB_BAR_SPACE = 'pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0';
