import type { MemberSubscription } from '@core28/core/entitlements';
import type { Tier } from '@core28/core/subscriptions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { meQuery, subscriptionQuery, withEntitlements } from '@/lib/viewer';
import { latestArticlesQuery } from '../blog/api';
import { memberTopicsQuery } from '../coaching/api';
import { type ProgramState, programQuery } from '../program/api';
import { VisitorHome } from './home-page';
import MemberHome from './member-home';

// The signed-in home as a member of each kind sees it (docs/decisions/0029), rendered from the
// answers the server gives (seeded in the query cache), in the order its blocks come.

const NOW = new Date('2026-12-07T09:00:00Z');
const NAMES = ['Dead Bug', 'Plank', 'Bird Dog', 'Glute Bridge', 'Flutter Kicks', 'Side Plank', 'Hollow Hold'];

function programState({
  currentDay,
  done,
  finished = false,
}: {
  currentDay: number;
  done: number[];
  finished?: boolean;
}) {
  const length = 28;
  const day = (n: number) => ({
    day: n,
    exercise: {
      id: n,
      name: NAMES[(n - 1) % 7],
      category: 'core',
      demoKey: null,
      exercise: 'Slow and steady',
    },
    prescription: { sets: 3, targetReps: 12, workSeconds: null, restSeconds: 30 },
    exercises: [],
    estimatedMinutes: 15,
    adjusted: false,
    note: null,
  });
  return {
    currentDay,
    registrationDate: '2026-12-01T00:00:00.000Z',
    timeZone: null,
    completions: done.map((d) => ({ day: d, completedAt: NOW.toISOString() })),
    results: [],
    wellness: [],
    days: Array.from({ length }, (_, i) => {
      const n = i + 1;
      const status = done.includes(n)
        ? 'completed'
        : n === currentDay
          ? 'current'
          : n < currentDay
            ? 'missed'
            : 'future';
      return { day: n, status };
    }),
    stats: { totalWorkouts: done.length, currentStreak: done.length, currentDay, progressPercentage: 0 },
    achievements: [],
    plan: Array.from({ length }, (_, i) => day(i + 1)),
    round: {
      id: 1,
      number: 1,
      startedAt: '2026-12-01T00:00:00.000Z',
      program: { id: 1, slug: 'core28', name: 'Core28', level: 'beginner', days: length, circuit: false },
      status: finished ? 'finished' : 'running',
      dayNumber: currentDay,
      lastCompletedDay: Math.max(0, ...done),
      missedInARow: 0,
      finishedOn: finished ? '2026-12-07' : null,
    },
  } as unknown as ProgramState;
}

const subscription = (tier: Tier, isTrial = false) =>
  withEntitlements({
    subscribed: !isTrial,
    subscription_tier: tier,
    subscription_end: '2027-01-07T00:00:00.000Z',
    is_trial: isTrial,
    trial_end: isTrial ? '2026-12-14T00:00:00.000Z' : null,
    trial_available: false,
    payment_grace_end: null,
  } as MemberSubscription);

const REPLY = {
  message: 'Keep your ribs down on the Dead Bug.',
  at: '2026-12-07T08:30:00.000Z',
  isRead: false,
  hasAttachment: false,
};
const topic = (id: string, title: string, lastReply: typeof REPLY | null) => ({
  id,
  userId: 'u1',
  title,
  description: '',
  isArchived: false,
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
  lastMessageAt: NOW.toISOString(),
  unreadCount: lastReply && !lastReply.isRead ? 1 : 0,
  hasNewMessages: Boolean(lastReply && !lastReply.isRead),
  lastReply,
});

function renderHome(seed: {
  program: ProgramState;
  subscription: ReturnType<typeof subscription>;
  topics?: unknown[];
}) {
  const client = new QueryClient();
  client.setQueryData(meQuery().queryKey, {
    user: { id: 'u1', email: 'maya@example.com' },
    profile: { firstName: 'Maya' },
    isAdmin: false,
  } as never);
  client.setQueryData(subscriptionQuery().queryKey, seed.subscription as never);
  client.setQueryData(programQuery().queryKey, seed.program);
  client.setQueryData(memberTopicsQuery().queryKey, { topics: seed.topics ?? [] } as never);
  client.setQueryData(latestArticlesQuery(3).queryKey, {
    articles: [
      { id: 'a1', slug: 'plank', title: 'Why the plank works', excerpt: 'Hold it.', publishedAt: null },
    ],
  } as never);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MemberHome />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const blocksOf = (html: string) => [...html.matchAll(/data-home-block="(\w+)"/g)].map((m) => m[1]);
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const MARKETING_LAST = ['hero', 'features', 'articles', 'closing'];

describe("the member's home", () => {
  it('a trial member: today first, then this week with tomorrow by name; the marketing blocks last', () => {
    const html = renderHome({
      program: programState({ currentDay: 4, done: [1, 2, 3] }),
      subscription: subscription('Feel and Burn', true),
    });
    expect(blocksOf(html)).toEqual(['today', 'week', ...MARKETING_LAST]);
    const page = text(html);
    expect(page).toContain('Hi, Maya');
    expect(page).toMatch(/Today's Exercise · Day 4.*This week.*Week 1: Foundation/);
    expect(page).toContain('3 of 7 days done');
    expect(page).toContain('3-day streak');
    expect(page).toContain('Tomorrow · Day 5: Flutter Kicks');
    expect(page).not.toContain('Unlocks on this day');
    // spec §2: the hero's buttons, the feature cards, the articles and the closing call stay.
    expect(page).toMatch(
      /Continue Program.*View Exercises.*28 days, 20 minutes.*Why the plank works.*Your core, 28 days from now/,
    );
    expect(page).not.toContain('coach');
  });

  it('a paid member on The Daily Core: the same order, no coach card', () => {
    const html = renderHome({
      program: programState({ currentDay: 9, done: [1, 2, 3, 4, 5, 6, 7, 8] }),
      subscription: subscription('The Daily Core'),
      topics: [topic('t1', 'Form check', REPLY)],
    });
    expect(blocksOf(html)).toEqual(['today', 'week', ...MARKETING_LAST]);
    const page = text(html);
    expect(page).toContain('Week 2: Strength');
    expect(page).toContain('Tomorrow · Day 10: Bird Dog');
    expect(page).not.toContain('Your coach');
  });

  it("a 1-on-1 Burn member: the coach's latest reply after this week, newest across topics, linked", () => {
    const older = { ...REPLY, message: 'An older answer', at: '2026-12-05T08:00:00.000Z', isRead: true };
    const html = renderHome({
      program: programState({ currentDay: 4, done: [1, 2, 3] }),
      subscription: subscription('1-on-1 Burn'),
      topics: [topic('t-old', 'Breathing', older), topic('t-new', 'Lower back after day 3', REPLY)],
    });
    expect(blocksOf(html)).toEqual(['today', 'week', 'coach', ...MARKETING_LAST]);
    const page = text(html);
    expect(page).toMatch(
      /Your coach replied New .*Lower back after day 3 Keep your ribs down on the Dead Bug\./,
    );
    expect(page).not.toContain('An older answer');
    expect(html).toContain('href="/one-on-one?topic=t-new"');
  });

  it('a 1-on-1 Burn member without a reply yet: no empty coach card', () => {
    const html = renderHome({
      program: programState({ currentDay: 2, done: [1] }),
      subscription: subscription('1-on-1 Burn'),
      topics: [topic('t1', 'Hello', null)],
    });
    expect(blocksOf(html)).toEqual(['today', 'week', 'coach', ...MARKETING_LAST]);
    expect(text(html)).not.toContain('Your coach');
  });

  it("at the end of a round: the round's end first, no week left to show, then the rest", () => {
    const all = Array.from({ length: 28 }, (_, i) => i + 1);
    const html = renderHome({
      program: programState({ currentDay: 28, done: all, finished: true }),
      subscription: subscription('The Daily Core'),
    });
    expect(blocksOf(html)).toEqual(['today', ...MARKETING_LAST]);
    const page = text(html);
    expect(page).not.toContain('This week');
    expect(page).not.toContain("Today's Exercise · Day");
  });

  it('on the last day of a round: no tomorrow, said plainly', () => {
    const done = Array.from({ length: 27 }, (_, i) => i + 1);
    const page = text(
      renderHome({
        program: programState({ currentDay: 28, done }),
        subscription: subscription('The Daily Core'),
      }),
    );
    expect(page).toContain('Today is the last day of this round.');
    expect(page).not.toContain('Tomorrow ·');
  });
});

describe("the visitors' home", () => {
  it("is unchanged: the hero with Start Free Trial, Today's Exercise, the feature cards, the articles, the closing call", () => {
    const client = new QueryClient();
    client.setQueryData(latestArticlesQuery(3).queryKey, {
      articles: [
        { id: 'a1', slug: 'plank', title: 'Why the plank works', excerpt: 'Hold it.', publishedAt: null },
      ],
    } as never);
    const html = renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <VisitorHome />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const page = text(html);
    expect(page).toMatch(
      /The 28-day core program A stronger core in 28 days\. .*Start Free Trial.*Today's Exercise.*28 days, 20 minutes.*No equipment.*See your progress.*From the Six-Pack Guide.*Your core, 28 days from now.*Start Free Trial/,
    );
    expect(html).toContain('<h1 class="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">');
    expect(page).not.toContain('Continue Program');
    expect(page).not.toContain('This week');
    expect(blocksOf(html)).toEqual([]);
  });
});
