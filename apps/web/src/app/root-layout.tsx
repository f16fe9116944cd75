import { lazy, type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { cn } from '@/lib/class-names';
import { ScrollRestoration } from '@/lib/scroll-restoration';
import { useViewer } from '@/lib/viewer';
import { MemberBanner, MemberTabBar, MemberTimeZone, TAB_BAR_SPACE } from './member-parts';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// Members on a running trial only, so it loads apart from the first paint.
const AfterFirstSession = lazy(() => import('@/features/program/after-first-session'));

/** A running trial's banner waits for the member's first session (docs/decisions/0029). */
const untilTrained = (banner: ReactNode) => (
  <Suspense fallback={null}>
    <AfterFirstSession>{banner}</AfterFirstSession>
  </Suspense>
);

export function RootLayout() {
  const { user, isDeciding, viewer } = useViewer();
  // Once the plan is known, so the Coach tab does not push the others aside after the first paint.
  const hasTabs = user !== null && !isDeciding;
  return (
    // The page ends above the tab bar: nothing (the footer's last links) stays hidden behind it.
    <div className={cn('flex min-h-screen flex-col', hasTabs && TAB_BAR_SPACE)}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <MemberTimeZone />
      <MemberBanner untilTrained={untilTrained} />
      {/* At least a screen tall: the footer stays below the fold while a page loads (no layout shift). */}
      <main id="main" className="min-h-dvh flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      {hasTabs && <MemberTabBar viewer={viewer} />}
      <ScrollRestoration />
    </div>
  );
}
