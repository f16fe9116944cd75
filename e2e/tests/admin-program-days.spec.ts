import { expect, test } from './fixtures';
import { expectToast } from './helpers';

test('the admin edits a day, with the form saying what is wrong, and swaps two days from the keyboard', async ({
  page,
  admin: _admin,
}) => {
  const origin = { origin: new URL(test.info().project.use.baseURL!).origin };
  const before = (await (await page.request.get('/api/admin/program-days')).json()) as {
    days: { day: number; exercise: { id: number }; prescription: Record<string, number | null> }[];
  };
  const restore = async () => {
    for (const { day, exercise, prescription } of before.days.slice(2, 4))
      await page.request.put(`/api/admin/program-days/${day}`, {
        data: { exerciseId: exercise.id, ...prescription },
        headers: origin,
      });
  };
  try {
    await page.goto('/admin/exercises');
    const day3 = page.getByRole('listitem', { name: 'Day 3', exact: true });
    await expect(day3).toContainText('Glute Bridge');
    await expect(day3).toContainText('6 sets × 20 reps · rest 75 s');
    await day3.getByRole('button', { name: 'Edit Day 3' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Day 3' });
    await dialog.getByLabel('Sets').fill('12');
    await dialog.getByLabel('Rest (seconds)').fill('400');
    await dialog.getByRole('button', { name: 'Save Day 3' }).click();
    await expect(dialog.getByText('Sets must be between 1 and 10')).toBeVisible();
    await expect(dialog.getByText('Rest must be between 0 and 300 seconds')).toBeVisible();
    await dialog.getByLabel('Sets').fill('4');
    await dialog.getByLabel('Target reps').fill('15');
    await dialog.getByLabel('Rest (seconds)').fill('45');
    await dialog.getByRole('button', { name: 'Save Day 3' }).click();
    await expectToast(page, 'Day 3 saved');
    await expect(day3).toContainText('4 sets × 15 reps · rest 45 s');

    // Swap days 3 and 4 with the keyboard: the exercise and prescription move together.
    await day3.getByRole('button', { name: 'Move Day 3 down' }).focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Days 3 and 4 swapped');
    const day4 = page.getByRole('listitem', { name: 'Day 4', exact: true });
    await expect(day4).toContainText('Glute Bridge');
    await expect(day4).toContainText('4 sets × 15 reps · rest 45 s');
    await expect(day3).toContainText('Bird Dog');
  } finally {
    await restore();
  }
});
