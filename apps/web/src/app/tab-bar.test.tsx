import { entitlementsOf, type MemberSubscription } from '@core28/core/entitlements';
import { NOT_SUBSCRIBED, type SubscriptionState } from '@core28/core/subscriptions';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type TabBadges, TabBar } from './tab-bar';

const answer = (state: SubscriptionState): MemberSubscription => ({
  ...state,
  entitlements: entitlementsOf(state, { isAdmin: false, now: new Date('2026-12-07T12:00:00Z') }),
});
const daily = answer({ ...NOT_SUBSCRIBED, subscribed: true, subscription_tier: 'The Daily Core' });
const burn = answer({ ...NOT_SUBSCRIBED, subscribed: true, subscription_tier: '1-on-1 Burn' });

const render = (path: string, subscription: MemberSubscription | null, badges?: TabBadges) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <TabBar viewer={{ isSignedIn: true, subscription }} badges={badges} />
    </MemoryRouter>,
  );
const labels = (html: string) =>
  [...html.matchAll(/<a [^>]*>(?:<span.*?<\/span>)?([^<]+)<\/a>/g)].map((match) => match[1]);
const current = (html: string) => [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>/g)].map((m) => m[0]);

describe('the tab bar', () => {
  it("a Daily Core member's four tabs, the page shown marked and only that one", () => {
    const html = render('/program', daily);
    expect(html).toContain('aria-label="Tabs"');
    expect(labels(html)).toEqual(['Today', 'Program', 'Progress', 'Profile']);
    expect(current(html)).toHaveLength(1);
    expect(current(html)[0]).toContain('href="/program"');
  });

  it('Today is marked on the home page only, not under every path', () => {
    expect(current(render('/', daily))[0]).toContain('href="/"');
    expect(current(render('/progress', daily))[0]).toContain('href="/progress"');
    expect(current(render('/exercises', daily))).toEqual([]);
  });

  it('a 1-on-1 Burn member has Coach, with a badge for unread replies named for screen readers', () => {
    expect(labels(render('/', burn))).toEqual(['Today', 'Program', 'Progress', 'Coach', 'Profile']);
    const html = render('/', burn, { coach: 2 });
    expect(html).toContain('aria-label="Coach, 2 unread"');
    expect(html).toMatch(/aria-hidden="true"[^>]*>2<\/span>/);
    expect(render('/', burn, { coach: 14 })).toContain('>9+</span>');
    expect(render('/', burn, { coach: 0 })).not.toContain('unread');
  });

  it('fixed at the foot of a phone only, above the safe area', () => {
    const html = render('/', daily);
    expect(html).toContain('md:hidden');
    expect(html).toContain('pb-[env(safe-area-inset-bottom)]');
  });

  it('nothing for a visitor', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <TabBar viewer={{ isSignedIn: false, subscription: null }} />
      </MemoryRouter>,
    );
    expect(html).toBe('');
  });
});
