import { describe, expect, it } from 'vitest';
import { entitlementsOf, type MemberSubscription } from './entitlements.ts';
import {
  accountMenuLinks,
  footerLinks,
  headerLinks,
  isPagePath,
  mobileMenuLinks,
  tabBarLinks,
} from './navigation.ts';
import { NOT_SUBSCRIBED, type SubscriptionState } from './subscriptions.ts';

const now = new Date('2026-03-10T12:00:00Z');
/** The state as GET /api/subscription answers it, with its entitlements. */
const answer = (state: SubscriptionState): MemberSubscription => ({
  ...state,
  entitlements: entitlementsOf(state, { isAdmin: false, now }),
});
const burn = answer({ ...NOT_SUBSCRIBED, subscribed: true, subscription_tier: '1-on-1 Burn' });
const daily = answer({ ...NOT_SUBSCRIBED, subscribed: true, subscription_tier: 'The Daily Core' });
const paths = (links: { to: string }[]) => links.map((link) => link.to);

describe('navigation (spec §2)', () => {
  it('signed out: marketing pages, pricing, no members links', () => {
    expect(paths(headerLinks({ isSignedIn: false, subscription: null }))).toEqual([
      '/',
      '/program-info',
      '/progress-info',
      '/blog',
      '/subscription',
      '/about',
    ]);
  });

  it('signed in without coaching: program, exercises, progress; no pricing, no 1-on-1', () => {
    expect(paths(headerLinks({ isSignedIn: true, subscription: daily }))).toEqual([
      '/',
      '/program',
      '/exercises',
      '/progress',
      '/blog',
      '/about',
    ]);
    expect(paths(accountMenuLinks({ isSignedIn: true, subscription: daily }))).toEqual([
      '/profile',
      '/subscription/manage',
    ]);
  });

  it('1-on-1 Burn members get the 1-on-1 link in the bar and the avatar menu', () => {
    expect(paths(headerLinks({ isSignedIn: true, subscription: burn }))).toContain('/one-on-one');
    expect(paths(accountMenuLinks({ isSignedIn: true, subscription: burn }))).toContain('/one-on-one');
    expect(
      paths(headerLinks({ isSignedIn: true, subscription: answer({ ...burn, subscribed: false }) })),
    ).not.toContain('/one-on-one');
  });

  it("the phone's menu sheet lists 1-on-1 once, Profile and Subscription below the top bar's links", () => {
    const sheet = mobileMenuLinks({ isSignedIn: true, subscription: burn });
    const all = paths([...sheet.main, ...sheet.account]);
    expect(all.filter((path) => path === '/one-on-one')).toHaveLength(1);
    expect(paths(sheet.account)).toEqual(['/profile', '/subscription/manage']);
    expect(paths(mobileMenuLinks({ isSignedIn: true, subscription: daily }).account)).toEqual([
      '/profile',
      '/subscription/manage',
    ]);
  });

  it('the tab bar: Today, Program, Progress, Coach for 1-on-1 Burn only, Profile; none for visitors', () => {
    const labels = (links: { label: string }[]) => links.map((link) => link.label);
    expect(labels(tabBarLinks({ isSignedIn: true, subscription: daily }))).toEqual([
      'Today',
      'Program',
      'Progress',
      'Profile',
    ]);
    expect(tabBarLinks({ isSignedIn: true, subscription: burn })).toContainEqual(
      expect.objectContaining({ label: 'Coach', to: '/one-on-one' }),
    );
    expect(labels(tabBarLinks({ isSignedIn: true, subscription: burn }))).toHaveLength(5);
    // A plan not known yet, or a lapsed one: no Coach tab.
    expect(labels(tabBarLinks({ isSignedIn: true, subscription: null }))).not.toContain('Coach');
    expect(tabBarLinks({ isSignedIn: false, subscription: null })).toEqual([]);
  });

  it('footer: Exercises signed in only, Pricing signed out only', () => {
    expect(paths(footerLinks({ isSignedIn: false, subscription: null }))).toEqual([
      '/',
      '/program-info',
      '/progress-info',
      '/subscription',
      '/about',
      '/contact',
      '/privacy',
      '/terms',
    ]);
    const signedIn = paths(footerLinks({ isSignedIn: true, subscription: null }));
    expect(signedIn).toContain('/exercises');
    expect(signedIn).not.toContain('/subscription');
  });
});

describe('isPagePath', () => {
  it('knows the pages, their parameters, any case and a trailing slash, as the router matches', () => {
    for (const path of [
      '/',
      '/program',
      '/Program/',
      '/blog/some-article',
      '/program/day/3/session',
      '/admin/chat/u1/42',
    ])
      expect(isPagePath(path), path).toBe(true);
  });

  it('knows no other path', () => {
    for (const path of ['/no/such/page', '/blog/a/b', '/programme', '/program/day/3', '/admin/users/u1/x'])
      expect(isPagePath(path), path).toBe(false);
  });
});
