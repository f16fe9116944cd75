import { expect, test } from './fixtures';

test('a visitor sees the hero, today’s exercise and the three latest articles', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Start Free Trial' }).first()).toHaveAttribute(
    'href',
    '/subscription',
  );
  await expect(page.getByRole('heading', { name: "Today's Exercise" })).toBeVisible();
  const articles = page.getByRole('region', { name: 'From the Six-Pack Guide' });
  await expect(articles.getByRole('listitem')).toHaveCount(3);
  await expect(articles.getByRole('link', { name: 'How to Breathe During Core Training' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All Articles' })).toHaveAttribute('href', '/blog');
});

test('the marketing pages call visitors to the plans', async ({ page }) => {
  await page.goto('/program-info');
  await expect(page.getByRole('heading', { name: 'Week 1 Foundation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Week 4 Integration' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
    'href',
    '/subscription',
  );
  await page.goto('/progress-info');
  await expect(page.getByRole('heading', { name: 'Progress & Beyond' })).toBeVisible();
  await expect(page.getByText('100%')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Beyond 28 Days' })).toBeVisible();
});

test('the admin is sent from the home page to /admin', async ({ page, admin: _ }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin$/);
});
