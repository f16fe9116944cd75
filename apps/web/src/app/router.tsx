import { Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { NeedsNetwork, RouteError } from '@/components/needs-network';
import { PageSpinner } from '@/components/ui/spinner';
import { RequireAdmin, RequireAuth } from '@/features/auth/guards';
import HomePage from '@/features/marketing/home-page';
import { RootLayout } from './root-layout';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * Issue 21: a page that needs the server says so while offline. The notice sits above the page's
 * lazy route; when the page's code was never fetched, its failed import lands in the same notice
 * (the error element), not in React Router's crash page.
 */
const needsNetwork = (what: string, route: RouteObject): RouteObject => ({
  element: (
    <NeedsNetwork what={what}>
      <Outlet />
    </NeedsNetwork>
  ),
  errorElement: <RouteError what={what} />,
  children: [route],
});

// spec §2 route table.
const publicRoutes: RouteObject[] = [
  // The landing page is in the entry chunk: no second round trip before the first paint.
  { index: true, Component: HomePage },
  { path: 'auth', lazy: page(() => import('@/features/auth/auth-page')) },
  { path: 'subscription', lazy: page(() => import('@/features/subscriptions/plans-page')) },
  needsNetwork('Checkout', {
    path: 'subscription/signup',
    lazy: page(() => import('@/features/subscriptions/signup-page')),
  }),
  { path: 'subscription/success', lazy: page(() => import('@/features/subscriptions/success-page')) },
  { path: 'success', lazy: page(() => import('@/features/subscriptions/success-page')) },
  { path: 'about', lazy: page(() => import('@/features/marketing/about-page')) },
  { path: 'contact', lazy: page(() => import('@/features/contact/contact-page')) },
  { path: 'privacy', lazy: page(() => import('@/features/marketing/privacy-page')) },
  { path: 'terms', lazy: page(() => import('@/features/marketing/terms-page')) },
  { path: 'blog', lazy: page(() => import('@/features/blog/blog-page')) },
  { path: 'blog/:slug', lazy: page(() => import('@/features/blog/article-page')) },
  { path: 'program-info', lazy: page(() => import('@/features/marketing/program-info-page')) },
  { path: 'progress-info', lazy: page(() => import('@/features/marketing/progress-info-page')) },
  { path: 'unsubscribe', lazy: page(() => import('@/features/profile/unsubscribe-page')) },
];

const memberRoutes: RouteObject[] = [
  { path: 'exercises', lazy: page(() => import('@/features/exercises/exercises-page')) },
  { path: 'program', lazy: page(() => import('@/features/program/program-page')) },
  { path: 'progress', lazy: page(() => import('@/features/progress/progress-page')) },
  { path: 'profile', lazy: page(() => import('@/features/profile/profile-page')) },
  { path: 'profile-completion', lazy: page(() => import('@/features/profile/profile-completion-page')) },
  needsNetwork('Coaching', {
    path: 'one-on-one',
    lazy: page(() => import('@/features/coaching/coaching-page')),
  }),
  needsNetwork('Managing your subscription', {
    path: 'subscription/manage',
    lazy: page(() => import('@/features/subscriptions/manage-page')),
  }),
];

const adminRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('@/features/admin/dashboard-page')) },
  { path: 'users', lazy: page(() => import('@/features/admin/users-page')) },
  { path: 'users/:userId', lazy: page(() => import('@/features/admin/member-page')) },
  { path: 'one-on-one', lazy: page(() => import('@/features/coaching/admin-coaching-page')) },
  { path: 'program', lazy: page(() => import('@/features/admin/program-page')) },
  { path: 'exercises', lazy: page(() => import('@/features/exercises/admin-exercises-page')) },
  { path: 'blog', lazy: page(() => import('@/features/blog/admin-blog-page')) },
  { path: 'chat/:userId/:topicId', lazy: page(() => import('@/features/coaching/admin-chat-page')) },
];

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // A page that fails (offline, its code never kept) fails inside the site's header and footer.
        errorElement: <RouteError />,
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
          { path: '*', lazy: page(() => import('@/features/marketing/not-found-page')) },
        ],
      },
    ],
  },
  {
    // The workout fills the screen: no site header or footer around it (issue 17).
    path: 'program/day/:day/session',
    errorElement: <RouteError />,
    element: (
      <RequireAuth>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </RequireAuth>
    ),
    children: [{ index: true, lazy: page(() => import('@/features/program/session/session-page')) }],
  },
  {
    path: 'admin',
    element: (
      <NeedsNetwork what="The admin area">
        <Outlet />
      </NeedsNetwork>
    ),
    errorElement: <RouteError what="The admin area" />,
    children: [
      {
        // Loaded only for admins; the guard lives in the entry chunk, the layout does not.
        lazy: async () => {
          const { AdminLayout } = await import('@/features/admin/admin-layout');
          return {
            Component: () => (
              <RequireAdmin>
                <AdminLayout />
              </RequireAdmin>
            ),
          };
        },
        children: adminRoutes,
      },
    ],
  },
]);
