import { expect, test } from './fixtures';
import { expectToast } from './helpers';

test('an admin schedules one article and publishes another at once; article scripts never run', async ({
  page,
  admin: _,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/blog');
  await expect(page.getByRole('heading', { name: 'Six-Pack Guide Articles' })).toBeVisible();
  await expect(page.getByText('Manage your blog articles')).toBeVisible();

  await page.getByRole('button', { name: 'New Article' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Article' });
  await expect(dialog.getByText('Add a new article to the Six-Pack Guide')).toBeVisible();
  await dialog.getByLabel('Title').fill('Scheduled Core Tips');
  await expect(dialog.getByLabel('Slug (URL)')).toHaveAttribute(
    'placeholder',
    'Auto-generated from title if empty',
  );
  await dialog.getByLabel('Excerpt').fill('Coming soon.');
  await dialog.getByLabel('Content', { exact: true }).fill('## Soon\n\nTips.');
  await expect(
    dialog.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Soon' }),
  ).toBeVisible();
  await dialog.getByRole('switch').check();
  await expect(dialog.getByText('Article will be published immediately when saved')).toBeVisible();
  const tomorrow = new Date(Date.now() + 86_400_000);
  const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16);
  await dialog.getByLabel('Publication Date (optional - leave empty for immediate publication)').fill(local);
  await expect(dialog.getByText(/^Article will be published on /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Article' }).click();
  await expectToast(page, 'Article created successfully');
  await expect(
    page.getByRole('listitem', { name: 'Scheduled Core Tips' }).getByText(/^Scheduled for /),
  ).toBeVisible();

  await page.getByRole('button', { name: 'New Article' }).click();
  const second = page.getByRole('dialog', { name: 'Create New Article' });
  await second.getByLabel('Title').fill('Fresh Plank Variations');
  await second.getByLabel('Excerpt').fill('Five new planks.');
  await second
    .getByLabel('Content', { exact: true })
    .fill(
      'Try these.\n\n<script>window.__xss = 1</script>\n\n<img src=x onerror="window.__xss = 2">\n\n[bad](javascript:window.__xss=3)',
    );
  await second.getByRole('switch').check();
  await second.getByRole('button', { name: 'Create Article' }).click();
  await expectToast(page, 'Article created successfully');
  await expect(
    page.getByRole('listitem', { name: 'Fresh Plank Variations' }).getByText(/^Published: /),
  ).toBeVisible();

  await page.goto('/blog');
  await expect(page.getByRole('link', { name: /Fresh Plank Variations/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Scheduled Core Tips/ })).toHaveCount(0);
  await page.getByRole('link', { name: /Fresh Plank Variations/ }).click();
  await expect(page.getByText('<script>window.__xss = 1</script>')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  await page.context().clearCookies(); // a visitor's home page shows it among the latest three
  await page.goto('/');
  await expect(
    page
      .getByRole('region', { name: 'From the Six-Pack Guide' })
      .getByRole('link', { name: 'Fresh Plank Variations' }),
  ).toBeVisible();

  await page.goto('/blog/scheduled-core-tips');
  await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
});

test.describe('far from UTC (UTC+14, no daylight saving)', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('an article published before today saves with its date unchanged; the picker starts at the server’s today', async ({
    page,
    admin: _,
  }) => {
    await page.goto('/admin/blog');
    // Seeded days ago at the server's start, to the millisecond.
    await page.getByRole('button', { name: 'Edit Nutrition Basics for Visible Abs' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Article' });
    const date = dialog.getByLabel('Publication Date (optional - leave empty for immediate publication)');
    await expect(date).not.toHaveValue('');

    // The server's "start of today" is the UTC day: the picker's minimum is that instant, shown locally.
    const startOfUtcDay = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const localMin = new Date(startOfUtcDay + 14 * 3_600_000).toISOString().slice(0, 16);
    await expect(date).toHaveAttribute('min', localMin);

    await dialog.getByRole('button', { name: 'Update Article' }).click();
    await expectToast(page, 'Article updated successfully');
    await expect(dialog).toBeHidden();
  });
});
