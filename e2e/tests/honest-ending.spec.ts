import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectToast } from './helpers';
import { sessionClock } from './session-tools';

// The end of a session says what happened (390 × 844): every set skipped is a question, not
// praise; a session done is one toast at most, not three stacked over the header.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const QUESTION = 'You skipped every set — mark Day 1 done anyway?';

/** Skip every step of day 1's session from its Start to its end. */
async function skipEverything(page: Page) {
  await page.getByRole('button', { name: 'Start' }).tap();
  const question = page.getByRole('heading', { name: QUESTION });
  await expect(async () => {
    const skip = page.getByRole('button', { name: 'Skip' });
    if (await skip.isVisible()) await skip.tap();
    await expect(question).toBeVisible({ timeout: 300 });
  }).toPass({ timeout: 60_000 });
}

test('skipping every set asks before marking the day done; the way back starts again; confirm marks it', async ({
  page,
  member: _,
}) => {
  await page.goto('/program/day/1/session');
  await skipEverything(page);
  await expect(page.getByText('Great work')).toHaveCount(0);
  await expect(page.getByText('Day 1 done!')).toHaveCount(0);
  for (const name of ['Mark Day 1 done', 'Back to the workout']) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }

  // The way back: the session from its first screen, nothing saved.
  await page.getByRole('button', { name: 'Back to the workout' }).tap();
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  const before = (await (await page.request.get('/api/program')).json()) as { completions: unknown[] };
  expect(before.completions).toEqual([]);

  await skipEverything(page);
  await page.getByRole('button', { name: 'Mark Day 1 done' }).tap();
  await expect(page).toHaveURL(/\/program$/);
  await expectToast(page, 'Great job completing Day 1!');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Day 1' }).getByText('Completed')).toBeVisible();
});

test('a session done names what was done and ends with one toast', async ({ page, member: _ }) => {
  const clock = await sessionClock(page);
  await page.goto('/program/day/1/session');
  await page.getByRole('button', { name: 'Start' }).tap();
  const done = page.getByRole('heading', { name: 'Day 1 done!' });
  // Every timed step runs out as the clock jumps ten minutes; each set of reps ends with Done.
  await expect(async () => {
    await clock.advance(600);
    const doneButton = page.getByRole('button', { name: 'Done', exact: true });
    if (await doneButton.isVisible()) await doneButton.tap();
    await expect(done).toBeVisible({ timeout: 300 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText(/^.+: all \d+ sets\. Great work\.$/)).toBeVisible();

  await page.getByRole('button', { name: 'Finish' }).tap();
  await expect(page).toHaveURL(/\/program$/);
  await expectToast(page, 'Great job completing Day 1!');
  // Wait for any late toast to arrive before counting: still one.
  await page.waitForTimeout(500);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
});
