import { expect, test } from './fixtures';
import { ADMIN, expectToast, signInOverHttp, uniqueEmail } from './helpers';

// "Limited seats" on a phone: with every 1-on-1 Burn seat taken, the plan card says so and a
// visitor joins the waitlist instead of meeting a refused checkout; the owner sees them in line.

test.use({ viewport: { width: 390, height: 844 } });

const setOwnerSeats = async (request: import('@playwright/test').APIRequestContext, seats: number) =>
  expect((await request.post('/dev/coach-seats', { data: { seats } })).ok()).toBe(true);

test('with every seat taken, the 1-on-1 Burn card offers the waitlist and a visitor joins it', async ({
  page,
  browser,
}) => {
  await setOwnerSeats(page.request, 0);
  try {
    await page.goto('/subscription');
    const card = page.getByRole('group', { name: '1-on-1 Burn' });
    await expect(card.getByText('All 1-on-1 seats are taken right now.')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Choose 1-on-1 Burn' })).toHaveCount(0);
    // The other plans are not limited.
    await expect(
      page
        .getByRole('group', { name: 'The Daily Core' })
        .getByRole('link', { name: 'Choose The Daily Core' }),
    ).toBeVisible();

    const email = uniqueEmail('waiting');
    const form = card.getByRole('form', { name: 'Join the waitlist' });
    await form.getByLabel('E-mail').fill(email);
    await form.getByText('Annually').click();
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(card.getByRole('status')).toHaveText(/You're on the waitlist\. We'll e-mail you/);

    // The sign-up of 1-on-1 Burn says the same, and how a seat offered by e-mail is taken.
    await page.goto('/subscription/signup?plan=burn');
    await expect(page.getByText('All 1-on-1 seats are taken right now.')).toBeVisible();
    await expect(page.getByText('Were you offered a seat by e-mail?')).toBeVisible();

    // The owner finds the visitor first in line, yearly.
    const ownerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const owner = await ownerContext.newPage();
    await signInOverHttp(ownerContext, ADMIN);
    await owner.goto('/admin/waitlist');
    await expect(owner.getByRole('heading', { name: 'Waitlist' })).toBeVisible();
    const entry = owner.getByRole('listitem').filter({ hasText: email });
    await expect(entry).toContainText('Waiting');
    await expect(entry).toContainText('Annually');
    await entry.getByRole('button', { name: `Remove ${email}` }).click();
    await expectToast(owner, `${email} is off the waitlist`);
    await ownerContext.close();
  } finally {
    await setOwnerSeats(page.request, 100);
  }
});
