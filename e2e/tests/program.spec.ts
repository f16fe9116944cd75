import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectToast, moveToDay } from './helpers';

test('a member on day 3 completes the day, logs time, reps and wellness, sees progress, and searches exercises', async ({
  page,
  member: { email },
}) => {
  await moveToDay(page, email, 3);

  await page.goto('/program');
  await expect(page.getByRole('heading', { name: 'Day 3 of 28' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Week 1: Foundation Week' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tab', { name: 'Week 4: Mastery & Peak' })).toBeVisible();
  const day3 = page.getByRole('article', { name: 'Day 3' });
  await expect(day3.getByText('Today')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Day 4' }).getByText('Tomorrow')).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Day 5' }).getByRole('button', { name: 'Complete' }),
  ).toHaveCount(0);

  await day3.getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark as Complete' }).click();
  await expectToast(page, 'Workout Completed!');
  await expectToast(page, 'Great job completing Day 3!');
  await expect(day3.getByText('Completed')).toBeVisible();

  const strip = page.getByRole('region', { name: 'Log your time and reps' });
  const day3Log = strip.locator('div', { has: page.getByText('Day 3', { exact: true }) }).last();
  await day3Log.getByLabel('Time (mm:ss)').fill('01:30');
  await day3Log.getByLabel('Reps').fill('25');
  await strip.getByRole('button', { name: 'Save Day 3' }).click();
  await expectToast(page, 'Exercise progress for Day 3 has been saved.');
  await expect(strip.getByText('Future day').first()).toBeVisible();

  await page.getByRole('button', { name: 'Mark Day 1 Complete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark as Complete' }).click();
  await expectToast(page, 'Day 1 marked as completed.');
  await expect(page.getByRole('button', { name: 'Mark Day 1 Complete' })).toHaveCount(0);

  await page.reload();
  await expect(strip.getByLabel('Time (mm:ss)').nth(2)).toHaveValue('01:30');

  await page.goto('/progress');
  await expect(page.getByRole('heading', { name: 'Your Progress' })).toBeVisible();
  await page.getByLabel(/How do you feel today/).fill('4');
  await page.getByLabel(/Energy level/).fill('5');
  // The ratings read as words (one table in core), not "4 / 5" and "100%".
  await expect(page.getByText('Full of energy')).toBeVisible();
  await page.getByRole('button', { name: 'Save Day 3' }).click();
  await expectToast(page, 'Your wellness data for Day 3 has been saved.');
  await expect(page.getByText('Good · Full of energy')).toBeVisible();
  await expect(page.getByText('Future day').first()).toBeVisible();
  const stats = page.locator('dl').first();
  await expect(stats.getByText('1 day', { exact: true })).toBeVisible(); // days 1 and 3: day 2 breaks the streak
  await expect(stats.getByText('7%')).toBeVisible();
  await expect(stats.getByText('38')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Chart of time and reps for 1 logged days' })).toBeVisible();

  await page.goto('/exercises');
  await expect(page.getByRole('button', { name: 'Show Details' })).toHaveCount(3);
  await page.getByLabel('Search exercises').fill('BRIDGE');
  await expect(page.getByRole('button', { name: 'Show Details' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Show Details' }).click();
  await expect(page.getByRole('dialog', { name: 'Day 3: Glute Bridge' })).toBeVisible();
  // The demonstration itself, not a link to a search page.
  await expect(
    page.getByRole('dialog').getByRole('img', { name: 'Demonstration: Glute Bridge' }),
  ).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link')).toHaveCount(0);
});

const origin = () => ({ origin: new URL(test.info().project.use.baseURL!).origin });

test('a failed completion says "workout" for today and "day" for an earlier day (spec §8)', async ({
  page,
  member: { email },
}) => {
  await moveToDay(page, email, 3);
  await page.route('**/api/program/complete', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Try again' } }),
    }),
  );
  await page.goto('/program');
  await page.getByRole('article', { name: 'Day 3' }).getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark as Complete' }).click();
  await expectToast(page, 'Failed to mark workout as completed');

  await page.getByRole('article', { name: 'Day 2' }).getByRole('button', { name: 'Complete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark as Complete' }).click();
  await expectToast(page, 'Failed to mark day as completed');
});

// docs/decisions/0004: a day before today that was not completed shows as missed, in words too.
test('missed days look missed on /program and /exercises, at 390 px, with no accessibility violation', async ({
  page,
  member: { email },
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await moveToDay(page, email, 4);
  for (const day of [1, 3]) {
    const done = await page.request.post('/api/program/complete', { data: { day }, headers: origin() });
    expect(done.ok()).toBe(true);
  }

  await page.goto('/program');
  const card = (day: number) => page.getByRole('article', { name: `Day ${day}` });
  await expect(card(1).getByText('Completed')).toBeVisible();
  await expect(card(2).getByText('Missed')).toBeVisible();
  await expect(card(2).getByText('Completed', { exact: true })).toHaveCount(0);
  await expect(card(2).getByRole('button', { name: 'Complete' })).toBeVisible(); // it can still be done
  await expect(card(4).getByText('Today')).toBeVisible();
  const background = (day: number) => card(day).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await background(2)).not.toBe(await background(1));
  const strip = page.getByRole('region', { name: 'Log your time and reps' });
  await expect(strip.locator('[data-day="2"]').getByText('Missed')).toBeVisible();
  await expect(strip.locator('[data-day="1"]').getByText('Completed')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/exercises');
  const items = page.getByRole('main').getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toContainText('Day 1 · Completed');
  await expect(items.nth(1)).toContainText('Day 2 · Missed');
  await expect(items.nth(2)).toContainText('Day 3 · Completed');
  await expect(items.nth(3)).toContainText('Day 4 · Today');
  expect(await items.nth(1).evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
    await items.nth(0).evaluate((el) => getComputedStyle(el).backgroundColor),
  );
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('at 390 px the selected week tab is scrolled into view, also one a finger half-hides', async ({
  page,
  member: { email },
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await moveToDay(page, email, 22);
  await page.goto('/program');
  const tabs = page.getByRole('tablist', { name: 'Weeks' });
  const week = (n: number) => tabs.getByRole('tab', { name: new RegExp(`^Week ${n}:`) });
  await expect(week(4)).toHaveAttribute('aria-selected', 'true');
  await tabs.evaluate((list) => window.scrollTo(0, list.getBoundingClientRect().top + window.scrollY - 200));
  await expect(week(4)).toBeInViewport({ ratio: 1 });

  // The member scrolls the tabs until Week 3's first few pixels are hidden, and taps its rest.
  const hidden = await tabs.evaluate((list) => {
    const tab = list.querySelector<HTMLElement>('[data-week="3"]')!;
    list.scrollLeft += tab.getBoundingClientRect().left - list.getBoundingClientRect().left + 6;
    return list.getBoundingClientRect().left - tab.getBoundingClientRect().left;
  });
  expect(hidden).toBeGreaterThan(0);
  await expect(week(3)).not.toBeInViewport({ ratio: 1 });
  const box = (await week(3).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2); // no scrolling before the tap
  await expect(week(3)).toHaveAttribute('aria-selected', 'true');
  await expect(week(3)).toBeInViewport({ ratio: 1 });
});

// spec §5: invalid time is ignored — not saved as 0 behind a 'Progress Saved' toast.
test('the day strip refuses "abc" and "lots", says why, and saves only valid values', async ({
  page,
  member: { email },
}) => {
  await moveToDay(page, email, 2);
  const sent: unknown[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/program/results')) sent.push(request.postDataJSON());
  });
  await page.goto('/program');
  const today = page.getByRole('region', { name: 'Log your time and reps' }).locator('[data-day="2"]');
  const time = today.getByLabel('Time (mm:ss)');
  const reps = today.getByLabel('Reps');
  const save = today.getByRole('button', { name: 'Save Day 2' });

  await time.fill('abc');
  await time.blur();
  await expect(today.getByText('Use mm:ss, e.g. 01:30')).toBeVisible();
  await expect(time).toHaveAttribute('aria-invalid', 'true');
  await expect(time).toHaveAccessibleDescription('Use mm:ss, e.g. 01:30');
  await expect(save).toBeDisabled();

  await time.fill('01:30');
  await reps.fill('lots');
  await reps.blur();
  await expect(today.getByText('Use mm:ss, e.g. 01:30')).toHaveCount(0);
  await expect(today.getByText('Use a whole number, e.g. 25')).toBeVisible();
  await expect(reps).toHaveAttribute('aria-invalid', 'true');
  await expect(save).toBeDisabled();
  await save.click({ force: true }); // even a click that reaches it sends nothing
  expect(sent).toEqual([]);

  await reps.fill('25');
  await expect(today.getByText('Use a whole number, e.g. 25')).toHaveCount(0);
  await expect(save).toBeEnabled();
  await save.click();
  await expectToast(page, 'Exercise progress for Day 2 has been saved.');
  expect(sent).toEqual([{ day: 2, totalSeconds: 90, reps: 25 }]);
  await page.reload();
  await expect(today.getByLabel('Time (mm:ss)')).toHaveValue('01:30');
  await expect(today.getByLabel('Reps')).toHaveValue('25');
});

async function seriousViolations(page: Page) {
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
