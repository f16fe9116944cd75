import { expect, test } from './fixtures';
import { expectToast, moveToDay } from './helpers';
import { sessionClock } from './session-tools';

// The guided session's Finish when its answer is lost on the way back. The page's clock (Date) is
// the test's: it moves only when the test moves it, while the page's timers run as usual.

test('a Finish whose answer is lost is sent again with the same key and saves once', async ({
  page,
  context,
  member: { email },
}) => {
  await moveToDay(page, email, 2);
  const clock = await sessionClock(page);
  await page.goto('/program');
  const day1 = page.getByRole('article', { name: 'Day 1' });
  await day1.getByRole('link', { name: 'Start workout' }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  await clock.advance(30);
  // Out and back in: the week's card offers the session kept in this browser.
  await page.getByRole('link', { name: 'Leave workout' }).click();
  await day1.getByRole('link', { name: 'Resume workout' }).click();
  await expect(page.getByRole('timer')).toHaveText('0:30');
  await page.getByRole('button', { name: 'Resume' }).click();
  await clock.advance(65);
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'End workout' }).click();
  // Ended in the warm-up: no set done, so a question and no praise.
  await expect(
    page.getByRole('heading', { name: 'You skipped every set — mark Day 1 done anyway?' }),
  ).toBeVisible();
  await expect(page.getByText('1:35')).toBeVisible();
  await expect(page.getByText('How do you feel today?')).toHaveCount(0); // wellness is today's only

  // The server saves, the answer never arrives (a phone losing its signal). The finish
  // then waits in the offline queue and is sent again with the same key, answered the first answer.
  const keys: (string | undefined)[] = [];
  // The context's routes see the service worker's requests too (Background Sync sends from there).
  await context.route('**/api/program/days/1/finish', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length === 1) {
      await route.fetch();
      await route.abort('failed');
    } else await route.continue();
  });
  await page.getByRole('button', { name: 'Mark Day 1 done' }).click();
  await expectToast(page, 'Day 1 marked as completed.');
  await expect(page).toHaveURL(/\/program$/);
  await expect.poll(() => keys.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.getByText('Saved offline, will sync')).toHaveCount(0);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(new Set(keys)).toEqual(new Set([keys[0]]));

  const state = (await (await page.request.get('/api/program')).json()) as {
    completions: { day: number }[];
    results: { day: number; totalSeconds: number }[];
  };
  expect(state.completions.map((c) => c.day)).toEqual([1]);
  expect(state.results).toEqual([expect.objectContaining({ day: 1, totalSeconds: 95 })]);

  // A replay of the completed day: its time and reps take the earlier ones' place (decision 0011).
  await day1.getByRole('link', { name: 'Replay' }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  await clock.advance(40);
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'End workout' }).click();
  await expect(page.getByRole('heading', { name: 'Day 1 replay' })).toBeVisible();
  await expect(page.getByText('You skipped every set.')).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expectToast(page, 'Exercise progress for Day 1 has been saved.');
  const replayed = (await (await page.request.get('/api/program')).json()) as typeof state;
  expect(replayed.completions.map((c) => c.day)).toEqual([1]);
  expect(replayed.results).toEqual([expect.objectContaining({ day: 1, totalSeconds: 40 })]);
});
