import { expect, test } from './fixtures';
import { moveToDay } from './helpers';

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

// A member's home leads with today's session, above the hero's buttons.
test('a member on day 4 finds today’s session first on the home page and starts it there', async ({
  page,
  member: { email },
}) => {
  await moveToDay(page, email, 4);
  const origin = { origin: new URL(test.info().project.use.baseURL!).origin };
  for (const day of [2, 3]) {
    const done = await page.request.post('/api/program/complete', { data: { day }, headers: origin });
    expect(done.ok()).toBe(true);
  }
  await page.goto('/');
  const today = page.getByRole('region', { name: "Today's Exercise · Day 4" });
  await expect(today.getByText('Bird Dog', { exact: true })).toBeVisible();
  await expect(today).toContainText('6 sets × 20 reps · about');
  await expect(today.getByText('2-day streak')).toBeVisible();
  await expect(today.getByRole('img', { name: 'Demonstration: Bird Dog' })).toBeVisible();

  const hero = page.getByRole('link', { name: 'Continue Program' }).first(); // the hero's
  await expect(hero).toBeVisible();
  const isFirst = await today.evaluate(
    (card, button) => Boolean(card.compareDocumentPosition(button!) & Node.DOCUMENT_POSITION_FOLLOWING),
    await hero.elementHandle(),
  );
  expect(isFirst).toBe(true);
  const [cardBox, heroBox] = [await today.boundingBox(), await hero.boundingBox()];
  expect(cardBox!.y + cardBox!.height).toBeLessThanOrEqual(heroBox!.y);

  await today.getByRole('link', { name: 'Start workout' }).click();
  await expect(page).toHaveURL(/\/program\/day\/4\/session$/);
  await expect(page.getByRole('heading', { name: 'Bird Dog' })).toBeVisible();
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
