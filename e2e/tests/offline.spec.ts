import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { moveToDay, signOut } from './helpers';
import { finishTodaysSession } from './session-tools';

// After one online visit the member trains without a connection: /program reloads,
// today's session is started and finished with wellness, the writes wait in IndexedDB behind
// 'Saved offline, will sync', and reach the server once, in order, when the connection is back.

const MEMBER_CACHE = 'core28-member-v1';
const keptPaths = (page: Page) =>
  page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, MEMBER_CACHE);

type Queued = { key: string; method: string; path: string; body: unknown };
const queuedWrites = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Queued[]>((resolve, reject) => {
        const open = indexedDB.open('core28-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('queue').objectStore('queue').get('writes');
          read.onsuccess = () => resolve((read.result as Queued[] | undefined) ?? []);
        };
      }),
  );

const savedOffline = (page: Page) => page.getByRole('status').filter({ hasText: 'Saved offline, will sync' });

type State = {
  completions: { day: number; completedAt: string }[];
  results: { day: number; totalSeconds: number; reps: number }[];
  wellness: { day: number; feeling: number; energy: number }[];
};
const serverState = async (request: APIRequestContext) => {
  const { completions, results, wellness } = (await (await request.get('/api/program')).json()) as State;
  return { completions, results, wellness };
};

test('offline: /program reloads, a session is finished with wellness, the queue drains once', async ({
  page,
  context,
  member: _member,
}) => {
  await page.goto('/program');
  await expect(page.getByRole('region', { name: "Today's Exercise · Day 1" })).toBeVisible();
  // One visit: the worker takes over and keeps the member's program and today's session plan.
  await expect.poll(() => keptPaths(page), { timeout: 30_000 }).toContain('/api/program/days/1/session');
  expect(await keptPaths(page)).toEqual(expect.arrayContaining(['/api/me', '/api/program']));

  await context.setOffline(true);
  await page.reload();
  await finishTodaysSession(page, 1);
  const badge = savedOffline(page);
  await expect(badge).toBeVisible();
  await expect(page.getByRole('article', { name: 'Day 1' }).getByText('Completed')).toBeVisible();
  const queued = await queuedWrites(page);
  expect(queued.map((write) => write.path)).toEqual(['/api/program/days/1/finish']);
  const before = (await (await page.request.get('/api/program')).json()) as { completions: unknown[] };
  expect(before.completions).toEqual([]);

  await context.setOffline(false);
  await expect(badge).toHaveCount(0);
  expect(await queuedWrites(page)).toEqual([]);
  const after = (await (await page.request.get('/api/program')).json()) as State;
  expect(after.completions.map((c) => c.day)).toEqual([1]);
  expect(after.results.map((r) => r.day)).toEqual([1]);
  expect(after.wellness).toEqual([{ day: 1, feeling: 4, energy: 5 }]);

  // The same queue sent again (an answer lost on the way): the first answer, nothing written.
  for (const write of queued) {
    const replay = await page.request.fetch(write.path, {
      method: write.method,
      data: write.body,
      headers: { 'idempotency-key': write.key, origin: new URL(page.url()).origin },
    });
    expect(replay.ok()).toBe(true);
  }
  expect(await (await page.request.get('/api/program')).json()).toEqual(after);

  // Signed out, then offline: nothing of the member is left to show.
  await signOut(page);
  await expect.poll(() => keptPaths(page)).not.toContain('/api/program');
  await context.setOffline(true);
  await page.goto('/program').catch(() => undefined);
  await expect(page.getByRole('region', { name: /Today's Exercise/ })).toHaveCount(0);
  await expect(page.getByText('Day 1', { exact: true })).toHaveCount(0);
});

test('pages that need the network say so offline', async ({ page, context, member: _member }) => {
  await page.goto('/program');
  await expect.poll(() => keptPaths(page), { timeout: 30_000 }).toContain('/api/program');
  await context.setOffline(true);
  await page.goto('/one-on-one');
  await expect(page.getByText('Coaching needs an internet connection.', { exact: false })).toBeVisible();
  await page.goto('/subscription/manage');
  await expect(
    page.getByText('Managing your subscription needs an internet connection.', { exact: false }),
  ).toBeVisible();
  // Pages whose code a member's visit never kept (the admin area, the blog): their import fails
  // offline, and the notice shows instead of the router's crash page.
  const adminOffline = page.getByText('The admin area needs an internet connection.', { exact: false });
  for (const path of ['/admin', '/admin/users']) {
    await page.goto(path);
    await expect(adminOffline).toBeVisible();
  }
  await page.goto('/blog');
  await expect(page.getByText('This page needs an internet connection.', { exact: false })).toBeVisible();
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible(); // inside the site's header and footer
  // Back online, the page loads by itself.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Six-Pack Guide', level: 1 })).toBeVisible();
  await context.setOffline(true);
  await page.goto('/subscription/signup');
  await expect(page.getByText('Checkout needs an internet connection.', { exact: false })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Checkout needs an internet connection.', { exact: false })).toHaveCount(0);
  // Moving on to another page clears the notice, as React Router's error elements did.
  await context.setOffline(true);
  await page.goto('/program');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'About' }).click();
  const aboutOffline = page.getByText('This page needs an internet connection.', { exact: false });
  await expect(aboutOffline).toBeVisible();
  await footer.getByRole('link', { name: '28-Day Program' }).click();
  await expect(page.getByRole('heading', { name: /^Day \d+ of 28/ })).toBeVisible();
  await expect(aboutOffline).toHaveCount(0);
});

test("past days' plans and /progress offline; day-strip writes queued in order reach the server once", async ({
  page,
  context,
  member,
}) => {
  await moveToDay(page, member.email, 3);
  await page.goto('/program');
  await expect(page.getByRole('region', { name: "Today's Exercise · Day 3" })).toBeVisible();
  // Today's plan and every past day's, one after another.
  await expect.poll(() => keptPaths(page), { timeout: 30_000 }).toContain('/api/program/days/1/session');
  expect(await keptPaths(page)).toEqual(
    expect.arrayContaining(['/api/program/days/3/session', '/api/program/days/2/session']),
  );

  await context.setOffline(true);
  await page.goto('/progress');
  await expect(page.getByRole('heading', { name: 'Your Progress', level: 1 })).toBeVisible();
  await expect(page.getByText('Failed to load your progress data')).toHaveCount(0);
  await page.goto('/program/day/2/session');
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(page.getByText(/Day 2/).first()).toBeVisible();

  // Offline on /program: complete day 2, log its time and reps; then today's wellness on /progress.
  await page.goto('/program');
  await page.getByRole('article', { name: 'Day 2' }).getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark as Complete' }).click();
  await expect(page.getByRole('article', { name: 'Day 2' }).getByText('Completed')).toBeVisible();
  const strip = page.getByRole('region', { name: 'Log your time and reps' });
  const day2Log = strip.locator('[data-day="2"]');
  await day2Log.getByLabel('Time (mm:ss)').fill('02:00');
  await day2Log.getByLabel('Reps').fill('30');
  await strip.getByRole('button', { name: 'Save Day 2' }).click();
  await expect(savedOffline(page)).toBeVisible();
  await expect.poll(async () => (await queuedWrites(page)).length).toBe(2);
  await page.goto('/progress');
  await page.getByRole('button', { name: 'Save Day 3' }).click();
  await expect
    .poll(async () => (await queuedWrites(page)).map((w) => w.path))
    .toEqual(['/api/program/complete', '/api/program/results', '/api/program/wellness']);
  expect(await serverState(page.request)).toEqual({ completions: [], results: [], wellness: [] });

  // The app opened again, still offline: it shows what waits to be sent, not the server's older
  // answer (Day 2 was shown missed, with Complete offered a second time, and its fields empty).
  await page.goto('/program');
  const day2 = page.getByRole('article', { name: 'Day 2' });
  await expect(day2.getByText('Completed')).toBeVisible();
  await expect(day2.getByRole('button', { name: 'Complete' })).toHaveCount(0);
  await expect(strip.locator('[data-day="2"]').getByLabel('Time (mm:ss)')).toHaveValue('02:00');
  await expect(strip.locator('[data-day="2"]').getByLabel('Reps')).toHaveValue('30');

  await context.setOffline(false);
  await expect(savedOffline(page)).toHaveCount(0);
  expect(await queuedWrites(page)).toEqual([]);
  const after = await serverState(page.request);
  expect(after.completions.map((c) => c.day)).toEqual([2]);
  expect(after.results).toEqual([{ day: 2, totalSeconds: 120, reps: 30 }]);
  expect(after.wellness).toEqual([{ day: 3, feeling: 3, energy: 3 }]);
});

test("a session finished offline for a day completed meanwhile on another device keeps that device's results", async ({
  page,
  context,
  browser,
  member: _member,
}) => {
  await page.goto('/program');
  await expect.poll(() => keptPaths(page), { timeout: 30_000 }).toContain('/api/program/days/1/session');
  await context.setOffline(true);
  await page.reload();
  await finishTodaysSession(page, 1);
  const [queued] = await queuedWrites(page);
  expect(queued?.path).toBe('/api/program/days/1/finish');
  // The phone's session was two hours ago (the clock here ran ahead to end the session's timers).
  await page.clock.setFixedTime(Date.now());
  await page.evaluate(
    (queuedAt) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('core28-offline');
        open.onsuccess = () => {
          const store = open.result.transaction('queue', 'readwrite').objectStore('queue');
          const read = store.get('writes');
          read.onsuccess = () => {
            const writes = read.result as { queuedAt: string }[];
            const put = store.put(
              writes.map((w) => ({ ...w, queuedAt })),
              'writes',
            );
            put.onsuccess = () => resolve();
            put.onerror = () => reject(put.error);
          };
        };
      }),
    new Date(Date.now() - 2 * 3_600_000).toISOString(),
  );

  // Since then the member finished day 1 on their tablet, online.
  const tablet = await browser.newContext();
  try {
    await tablet.addCookies(await context.cookies());
    const finished = await tablet.request.post('/api/program/days/1/finish', {
      data: { totalSeconds: 1500, reps: 77, feeling: 2, energy: 3 },
      headers: { 'idempotency-key': randomUUID(), origin: new URL(page.url()).origin },
    });
    expect(finished.ok()).toBe(true);
    const onTablet = await serverState(tablet.request);
    expect(onTablet.results).toEqual([{ day: 1, totalSeconds: 1500, reps: 77 }]);

    // The phone is back online: its queue is sent, the tablet's day stays as it was, no error.
    await context.setOffline(false);
    await expect(savedOffline(page)).toHaveCount(0);
    expect(await queuedWrites(page)).toEqual([]);
    expect(await serverState(page.request)).toEqual(onTablet);
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
    await expect(page.getByRole('article', { name: 'Day 1' }).getByText('Completed')).toBeVisible();
  } finally {
    await tablet.close();
  }
});

test("a phone whose first visit is today's session (a reminder's link) keeps it: offline, a reload opens it", async ({
  page,
  context,
  member: _member,
}) => {
  await page.goto('/program/day/1/session');
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect.poll(() => keptPaths(page), { timeout: 30_000 }).toContain('/api/program/days/1/session');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  // A day never opened on this phone says it is offline, not that it failed.
  await page.goto('/program/day/2/session').catch(() => undefined);
  await expect(
    page.getByText("You're offline, and this workout was not saved on this phone yet."),
  ).toBeVisible();
});
