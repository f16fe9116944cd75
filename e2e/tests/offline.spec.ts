import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signOut } from './helpers';

// Issue 21: after one online visit the member trains without a connection: /program reloads,
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
  const today = page.getByRole('region', { name: "Today's Exercise · Day 1" });
  await expect(today).toBeVisible();
  await today.getByRole('link', { name: 'Start workout' }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  const done = page.getByRole('heading', { name: 'Day 1 done!' });
  // Every timed step runs out while the clock jumps ten minutes; a set of reps is ended with Done.
  const start = Date.now();
  let elapsed = 0;
  await expect(async () => {
    elapsed += 600_000;
    await page.clock.setFixedTime(start + elapsed);
    const doneButton = page.getByRole('button', { name: 'Done', exact: true });
    if (await doneButton.isVisible()) await doneButton.click();
    await expect(done).toBeVisible({ timeout: 300 });
  }).toPass({ timeout: 60_000 });
  await expect(done).toBeVisible();
  await page.getByText('4 / 5').click();
  await page.getByText('100%').click();
  await page.getByRole('button', { name: 'Finish' }).click();

  await expect(page).toHaveURL(/\/program$/);
  const badge = page.getByRole('status').filter({ hasText: 'Saved offline, will sync' });
  await expect(badge).toBeVisible();
  await expect(page.getByRole('article', { name: 'Day 1' }).getByText('Completed')).toBeVisible();
  const queued = await queuedWrites(page);
  expect(queued.map((write) => write.path)).toEqual(['/api/program/days/1/finish']);
  const before = (await (await page.request.get('/api/program')).json()) as { completions: unknown[] };
  expect(before.completions).toEqual([]);

  await context.setOffline(false);
  await expect(badge).toHaveCount(0);
  expect(await queuedWrites(page)).toEqual([]);
  type State = {
    completions: { day: number; completedAt: string }[];
    results: { day: number; reps: number }[];
    wellness: { day: number; feeling: number; energy: number }[];
  };
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
  await page.goto('/subscription/signup');
  await expect(page.getByText('Checkout needs an internet connection.', { exact: false })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Checkout needs an internet connection.', { exact: false })).toHaveCount(0);
});
