import { type ComponentType, lazy, Suspense } from 'react';
import { Outlet, type RouteObject, useRoutes } from 'react-router';
import { NeedsNetwork, RouteErrorBoundary } from '@/components/needs-network';
import { PageSpinner } from '@/components/ui/spinner';
import { RequireAdmin, RequireAuth } from '@/features/auth/guards';
import HomePage from '@/features/marketing/home-page';
import { RootLayout } from './root-layout';

// React Router in declarative mode (`useRoutes` under a `<BrowserRouter>`), not its data
// router: the app uses no loaders, actions or fetchers, and the data router's machinery was
// ~17 KB gzip of what / loads. Pages are React.lazy components (the navigation is a transition,
// so the page on screen stays until the next one's code is there), and error boundaries of ours
// stand where the data router's error elements stood.
const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
};

/**
 * A page that needs the server says so while offline. The notice sits above the page's
 * lazy route; when the page's code was never fetched, its failed import lands in the same notice
 * (the error boundary), not in a crash page.
 */
const needsNetwork = (what: string, route: RouteObject): RouteObject => ({
  element: (
    <RouteErrorBoundary what={what}>
      <NeedsNetwork what={what}>
        <Outlet />
      </NeedsNetwork>
    </RouteErrorBoundary>
  ),
  children: [route],
});

// spec §2 route table.
const publicRoutes: RouteObject[] = [
  // The landing page is in the entry chunk: no second round trip before the first paint.
  { index: true, Component: HomePage },
  { path: 'auth', element: page(() => import('./auth-route')) },
  { path: 'subscription', element: page(() => import('@/features/subscriptions/plans-page')) },
  needsNetwork('Checkout', {
    path: 'subscription/signup',
    element: page(() => import('@/features/subscriptions/signup-page')),
  }),
  { path: 'subscription/success', element: page(() => import('@/features/subscriptions/success-page')) },
  { path: 'success', element: page(() => import('@/features/subscriptions/success-page')) },
  { path: 'about', element: page(() => import('@/features/marketing/about-page')) },
  { path: 'contact', element: page(() => import('@/features/contact/contact-page')) },
  { path: 'privacy', element: page(() => import('@/features/marketing/privacy-page')) },
  { path: 'terms', element: page(() => import('@/features/marketing/terms-page')) },
  { path: 'blog', element: page(() => import('@/features/blog/blog-page')) },
  { path: 'blog/:slug', element: page(() => import('@/features/blog/article-page')) },
  { path: 'program-info', element: page(() => import('@/features/marketing/program-info-page')) },
  { path: 'progress-info', element: page(() => import('@/features/marketing/progress-info-page')) },
  { path: 'unsubscribe', element: page(() => import('@/features/profile/unsubscribe-page')) },
  { path: 'team/join', element: page(() => import('@/features/team/join-page')) },
];

const memberRoutes: RouteObject[] = [
  { path: 'exercises', element: page(() => import('@/features/program/exercises-page')) },
  { path: 'program', element: page(() => import('@/features/program/program-page')) },
  { path: 'program/rounds/:number', element: page(() => import('@/features/program/round-results-page')) },
  { path: 'programs', element: page(() => import('@/features/program/programs-page')) },
  { path: 'progress', element: page(() => import('@/features/progress/progress-page')) },
  { path: 'news', element: page(() => import('@/features/news/news-page')) },
  { path: 'profile', element: page(() => import('@/features/profile/profile-page')) },
  { path: 'profile-completion', element: page(() => import('@/features/profile/profile-completion-page')) },
  needsNetwork('Coaching', {
    path: 'one-on-one',
    element: page(() => import('@/features/coaching/coaching-page')),
  }),
  needsNetwork('Managing your subscription', {
    path: 'subscription/manage',
    element: page(() => import('@/features/subscriptions/manage-page')),
  }),
];

const adminRoutes: RouteObject[] = [
  { index: true, element: page(() => import('@/features/admin/dashboard-page')) },
  { path: 'business', element: page(() => import('@/features/admin/business-page')) },
  { path: 'users', element: page(() => import('@/features/admin/users-page')) },
  { path: 'users/:userId', element: page(() => import('@/features/admin/member-page')) },
  { path: 'one-on-one', element: page(() => import('@/features/coaching/admin-coaching-page')) },
  { path: 'program', element: page(() => import('@/features/admin/program-page')) },
  { path: 'programs', element: page(() => import('@/features/admin/programs-page')) },
  { path: 'programs/:id', element: page(() => import('@/features/admin/program-editor-page')) },
  { path: 'exercises', element: page(() => import('@/features/admin/exercises-page')) },
  { path: 'blog', element: page(() => import('@/features/blog/admin-blog-page')) },
  { path: 'team', element: page(() => import('@/features/team/team-page')) },
  { path: 'coach-profile', element: page(() => import('@/features/team/coach-profile-page')) },
  { path: 'audit', element: page(() => import('@/features/admin/audit-page')) },
  { path: 'waitlist', element: page(() => import('@/features/admin/waitlist-page')) },
  { path: 'chat/:userId/:topicId', element: page(() => import('@/features/coaching/admin-chat-page')) },
  { path: 'support', element: page(() => import('@/features/support/support-page')) },
];

// The admin frame with the coach's inbox count in its navigation (the admin feature does not
// import coaching: coaching's pages import admin's).
const AdminLayout = lazy(() =>
  Promise.all([import('@/features/admin/admin-layout'), import('@/features/coaching/inbox-badge')]).then(
    ([{ AdminLayout }, { InboxUnreadBadge }]) => ({
      default: () => <AdminLayout badges={{ '/admin/one-on-one': <InboxUnreadBadge /> }} />,
    }),
  ),
);

export const routes: RouteObject[] = [
  {
    // A crash of the site's frame itself (header, footer) fails on its own.
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // A page that fails (offline, its code never kept) fails inside the site's header and footer.
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: [
          ...publicRoutes,
          {
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: memberRoutes,
          },
          { path: '*', element: page(() => import('@/features/marketing/not-found-page')) },
        ],
      },
    ],
  },
  {
    // The workout fills the screen: no site header or footer around it.
    path: 'program/day/:day/session',
    element: (
      <RouteErrorBoundary>
        <RequireAuth>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </RequireAuth>
      </RouteErrorBoundary>
    ),
    children: [{ index: true, element: page(() => import('@/features/program/session/session-page')) }],
  },
  {
    path: 'admin',
    element: (
      <RouteErrorBoundary what="The admin area">
        <NeedsNetwork what="The admin area">
          <Outlet />
        </NeedsNetwork>
      </RouteErrorBoundary>
    ),
    children: [
      {
        // Loaded only for admins; the guard lives in the entry chunk, the layout does not.
        element: (
          <RequireAdmin>
            <Suspense fallback={<PageSpinner />}>
              <AdminLayout />
            </Suspense>
          </RequireAdmin>
        ),
        children: adminRoutes,
      },
    ],
  },
];

export const AppRoutes = () => useRoutes(routes);
