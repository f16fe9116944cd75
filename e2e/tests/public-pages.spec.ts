import { expect, type Page, test } from '@playwright/test';
import { expectToast, loseFirstAnswer, openMail } from './helpers';

test('the Six-Pack Guide lists published articles and opens one; drafts are not found', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: 'Six-Pack Guide' })).toBeVisible();
  // Other tests publish articles too: check the seeded ones are listed and the draft is not.
  const list = page.getByRole('main');
  for (const title of [
    'Why Planks Beat Crunches',
    'Nutrition Basics for Visible Abs',
    'How to Breathe During Core Training',
  ]) {
    await expect(list.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  }
  await expect(list.getByRole('link', { name: /Recovery: Why Rest Days Build Abs/ })).toHaveCount(0);
  await page.getByRole('link', { name: /Why Planks Beat Crunches/ }).click();
  await expect(page).toHaveURL(/\/blog\/why-planks-beat-crunches-for-a-stronger-core$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Why Planks Beat Crunches for a Stronger Core' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Why planks work' })).toBeVisible();

  await page.goto('/blog/recovery-why-rest-days-build-abs');
  await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('a visitor sends the contact form and the message reaches the mailbox', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Please fill in all fields.');
  await page.getByLabel('Name').fill('Casey');
  await page.getByLabel('Email').fill('casey@example.com');
  await page.getByLabel('Message').fill('Can I do the program twice?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Message sent!');
  await expectToast(page, "We'll get back to you as soon as possible.");
  await openMail(page, 'support@core28.app', 'Contact form: Casey');
  await expect(page.getByText('Can I do the program twice?', { exact: true })).toBeVisible();
  await expect(page.getByText('Reply-To: casey@example.com').first()).toBeVisible();
});

test('on a phone, a contact message whose answer was lost is sent again and mailed once', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contact');
  const name = `Robin ${Date.now()}`;
  const sends = await loseFirstAnswer(page, '**/api/contact');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill('robin@example.com');
  await page.getByLabel('Message').fill('Is there a plan for runners?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Failed to send message. Please try again later.');
  await expect(page.getByLabel('Message')).toHaveValue('Is there a plan for runners?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Message sent!');
  expect(sends()).toBe(2);
  // Each copy's mail is in the outbox once its answer is sent: the mailbox lists sent and waiting mail.
  const mailbox = await (await page.request.get('/dev/mail')).text();
  expect(mailbox.split(`Contact form: ${name}<`).length - 1).toBe(1);
});

test('about, privacy and terms', async ({ page }) => {
  await page.goto('/about');
  for (const principle of ['Safety First', 'Progressive Overload', 'Functional Strength']) {
    await expect(page.getByRole('heading', { name: principle })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Get Started Today' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  for (const path of ['/privacy', '/terms']) {
    await page.goto(path);
    await expect(page.getByText('last updated January 1, 2025')).toBeVisible();
  }
});

// The app left React Router's data mode, whose <ScrollRestoration> did this; now the
// app's own (lib/scroll-restoration.ts) does.
test('a link opens a page at its top; Back returns to where the page was scrolled', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  // The page settles first: its articles and today's exercise arrive after load, and the browser's
  // scroll anchoring moves scrollY when they do, so a position read before then is not the page's.
  await expect(
    page.getByRole('region', { name: 'From the Six-Pack Guide' }).getByRole('listitem'),
  ).toHaveCount(3);
  await page.waitForLoadState('networkidle');
  const about = page.getByRole('contentinfo').getByRole('link', { name: 'About' });
  await about.scrollIntoViewIfNeeded();
  await expect.poll(() => isScrollSteady(page)).toBe(true);
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  await about.click();
  await expect(page.getByRole('heading', { name: 'Safety First' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

/** Whether scrollY stays put over two animation frames (no layout still moving it). */
function isScrollSteady(page: Page) {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const before = window.scrollY;
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === before)));
      }),
  );
}
