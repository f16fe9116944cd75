import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { expectToast, trialMember } from './helpers';

// The coach makes a 7-day program in /admin/programs, fills its days (adding from the library,
// reordering from the keyboard, previewing the session), publishes it, and members find it in
// their library.

test('the admin creates a 7-day program, fills its days, publishes it, and members see it in the library', async ({
  page,
  browser,
  admin: _admin,
}) => {
  const name = `Week of Core ${randomUUID().slice(0, 6)}`;
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Programs' }).click();
  await expect(page.getByRole('heading', { name: 'Programs', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Core28', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'New program' }).click();
  const dialog = page.getByRole('dialog', { name: 'New program' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Days').fill('3');
  await dialog.getByRole('button', { name: 'Create program' }).click();
  await expect(dialog.getByText('Days must be a whole number from 7 to 42')).toBeVisible();
  await dialog.getByLabel('Days').fill('7');
  await dialog.getByRole('button', { name: 'Create program' }).click();
  await expectToast(page, `${name} created`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Days 1, 2, 3, 4, 5, 6, 7 still need an exercise')).toBeVisible();

  // Publishing an empty program says which days are empty.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expectToast(page, 'Not published');

  const days = page.getByRole('navigation', { name: 'Days of the program' });
  const add = async (exercise: string, category: 'reps' | 'time') => {
    await page.getByLabel('Add an exercise').selectOption({ label: `${exercise} (${category})` });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('listitem', { name: new RegExp(`\\. ${exercise}$`) })).toBeVisible();
  };
  for (let day = 1; day <= 7; day++) {
    await days.getByRole('button', { name: new RegExp(`^Day ${day}:`) }).click();
    await expect(page.getByRole('heading', { name: `Day ${day}`, exact: true })).toBeVisible();
    await add('Dead Bug', 'reps');
    if (day === 1) {
      await add('Forearm Plank', 'time');
      // Forearm Plank moves first, from the keyboard.
      await page.getByRole('button', { name: 'Move Forearm Plank up' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('listitem').first()).toHaveAccessibleName('1. Forearm Plank');
      await page.getByRole('button', { name: 'Edit Forearm Plank' }).click();
      const item = page.getByRole('dialog', { name: 'Day 1: Forearm Plank' });
      await item.getByLabel('Sets').fill('4');
      await item.getByLabel('Work (seconds)').fill('45');
      await item.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByText('4 sets × 45 s, 75 s rest')).toBeVisible();
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('dialog', { name: 'Day 1 as the member sees it' });
      await expect(preview.getByText('Forearm Plank: set 4 of 4')).toBeVisible();
      await expect(preview.getByText('Dead Bug: set 1 of 6')).toBeVisible();
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: `Save Day ${day}` }).click();
    await expectToast(page, `Day ${day} saved`);
  }
  await expect(page.getByText(/still needs? an exercise/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expectToast(page, `${name} is in the library`);
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  // The page's own address answers it (a reload, a link in a chat).
  expect((await page.reload())?.status()).toBe(200);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Analytics' }).click();
  await expect(page.getByText('Rounds started')).toBeVisible();

  // A member's library lists it.
  const memberContext = await browser.newContext();
  await trialMember(memberContext);
  const library = (await (await memberContext.request.get('/api/programs')).json()) as {
    programs: { name: string; days: number; exercisesPerDay: number }[];
  };
  expect(library.programs.find((p) => p.name === name)).toMatchObject({ days: 7 });
  await memberContext.close();

  // On a phone the editor fits its width, with a day of two exercises.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Days' }).click();
  await days.getByRole('button', { name: /^Day 1:/ }).click();
  await expect(page.getByRole('listitem', { name: '2. Dead Bug' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
