import type { MemberSubscription } from './entitlements.ts';

export type NavLink = { label: string; to: string };
export type Viewer = { isSignedIn: boolean; subscription: MemberSubscription | null };

// spec §2: the 1-on-1 link is for members of that tier; the admins coach from the admin area.
const hasCoachingLink = (viewer: Viewer) => {
  const entitlements = viewer.subscription?.entitlements;
  return viewer.isSignedIn && Boolean(entitlements?.coaching) && entitlements?.standing !== 'admin';
};

/** spec §2 Navigation: the top bar, by sign-in state and tier. */
export function headerLinks(viewer: Viewer): NavLink[] {
  const { isSignedIn } = viewer;
  const links: (NavLink | false)[] = [
    { label: 'Home', to: '/' },
    { label: '28-Day Program', to: isSignedIn ? '/program' : '/program-info' },
    isSignedIn && { label: 'Exercises', to: '/exercises' },
    hasCoachingLink(viewer) && { label: '1-on-1', to: '/one-on-one' },
    { label: 'Progress', to: isSignedIn ? '/progress' : '/progress-info' },
    { label: 'Six-Pack Guide', to: '/blog' },
    !isSignedIn && { label: 'Pricing', to: '/subscription' },
    { label: 'About', to: '/about' },
  ];
  return links.filter((link): link is NavLink => link !== false);
}

/** spec §2 Navigation: the avatar menu (Sign out is an action, not a link). */
export function accountMenuLinks(viewer: Viewer): NavLink[] {
  const links: (NavLink | false)[] = [
    { label: 'Profile', to: '/profile' },
    hasCoachingLink(viewer) && { label: '1-on-1', to: '/one-on-one' },
    { label: 'Subscription', to: '/subscription/manage' },
  ];
  return links.filter((link): link is NavLink => link !== false);
}

/**
 * The phone's menu sheet: the top bar's links, then the avatar menu's without the ones the top
 * bar already has (both hold 1-on-1 for that tier; one sheet lists it once).
 */
export function mobileMenuLinks(viewer: Viewer): { main: NavLink[]; account: NavLink[] } {
  const main = headerLinks(viewer);
  const shown = new Set(main.map((link) => link.to));
  return { main, account: accountMenuLinks(viewer).filter((link) => !shown.has(link.to)) };
}

export type TabLink = NavLink & { tab: 'today' | 'program' | 'progress' | 'coach' | 'profile' };

/**
 * The tab bar a signed-in member has on a phone: the pages of every day a thumb away. Coach only
 * for the coaching tier, by the same rule as the 1-on-1 link; nothing for visitors.
 */
export function tabBarLinks(viewer: Viewer): TabLink[] {
  if (!viewer.isSignedIn) return [];
  const links: (TabLink | false)[] = [
    { tab: 'today', label: 'Today', to: '/' },
    { tab: 'program', label: 'Program', to: '/program' },
    { tab: 'progress', label: 'Progress', to: '/progress' },
    hasCoachingLink(viewer) && { tab: 'coach', label: 'Coach', to: '/one-on-one' },
    { tab: 'profile', label: 'Profile', to: '/profile' },
  ];
  return links.filter((link): link is TabLink => link !== false);
}

/** spec §2 Navigation: the footer. */
export function footerLinks(viewer: Viewer): NavLink[] {
  const { isSignedIn } = viewer;
  const links: (NavLink | false)[] = [
    { label: 'Home', to: '/' },
    { label: '28-Day Program', to: isSignedIn ? '/program' : '/program-info' },
    isSignedIn && { label: 'Exercises', to: '/exercises' },
    { label: 'Progress', to: isSignedIn ? '/progress' : '/progress-info' },
    !isSignedIn && { label: 'Pricing', to: '/subscription' },
    { label: 'About', to: '/about' },
    { label: 'Contact', to: '/contact' },
    { label: 'Privacy', to: '/privacy' },
    { label: 'Terms', to: '/terms' },
  ];
  return links.filter((link): link is NavLink => link !== false);
}

/** Where the sign-up confirmation link lands: the auth page shows 'Email confirmed!' then goes on. */
export const EMAIL_CONFIRMED_CALLBACK = '/auth?confirmed=true';

/**
 * Every page of the web app, as its router writes them (spec §2's route table and what came
 * after). The server answers any other path with the app's not-found page and a real 404; the
 * web's router.test.ts keeps this list and the router the same.
 */
export const PAGE_PATHS = [
  '/',
  '/auth',
  '/subscription',
  '/subscription/signup',
  '/subscription/success',
  '/subscription/manage',
  '/success',
  '/about',
  '/contact',
  '/privacy',
  '/terms',
  '/blog',
  '/blog/:slug',
  '/program-info',
  '/progress-info',
  '/unsubscribe',
  '/exercises',
  '/program',
  '/program/day/:day/session',
  '/program/rounds/:number',
  '/programs',
  '/progress',
  '/news',
  '/profile',
  '/profile-completion',
  '/one-on-one',
  '/team/join',
  '/admin',
  '/admin/business',
  '/admin/users',
  '/admin/users/:userId',
  '/admin/one-on-one',
  '/admin/program',
  '/admin/programs',
  '/admin/programs/:id',
  '/admin/exercises',
  '/admin/blog',
  '/admin/audit',
  '/admin/waitlist',
  '/admin/team',
  '/admin/coach-profile',
  '/admin/support',
  '/admin/chat/:userId/:topicId',
] as const;

const PAGE_PATTERNS = PAGE_PATHS.map((path) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`, 'i'));

/** Whether the router has a page at `path` (as it matches: any case, one trailing slash). */
export const isPagePath = (path: string) => PAGE_PATTERNS.some((pattern) => pattern.test(path));
