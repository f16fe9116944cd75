import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmedMember, expectToast, paidMember, uniqueEmail } from './helpers';

// The owner's numbers at 1280 px: MRR is live from the plan ledger, so a member's demo-card
// checkout shows at the owner's next page load, and so does the member's upgrade.

test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });

/** Serious or critical WCAG 2.1 A/AA violations on the page (docs/testing.md). */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The card's amount ("$1,234.56") in cents. */
async function centsOn(card: Locator) {
  const amount = await card.getByText(/^\$[\d,]+\.\d{2}$/).textContent();
  return Math.round(Number(amount!.replace(/[$,]/g, '')) * 100);
}

test('the owner sees MRR rise by the plan after a demo-card checkout, and move again on an upgrade', async ({
  page,
  admin: _,
  browser,
}) => {
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Business' }).click();
  await expect(page).toHaveURL(/\/admin\/business$/);
  await expect(page.getByRole('heading', { name: 'Business', level: 1 })).toBeVisible();
  const mrr = page.getByRole('group', { name: 'MRR', exact: true });
  await expect(mrr.getByText(/^\$[\d,]+\.\d{2}$/)).toBeVisible();
  const before = await centsOn(mrr);
  expect(await seriousViolations(page)).toEqual([]);

  // A member in a browser of their own pays The Daily Core monthly ($9.99) with the demo card.
  const member = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'en-US' });
  await paidMember(member, 'daily-core-monthly', `Maya ${Date.now().toString(36)}`);
  await page.reload();
  await expect.poll(() => centsOn(mrr)).toBe(before + 999);

  // The member switches to 1-on-1 Burn monthly ($29.99): an expansion of $20.00 at once.
  const memberPage = await member.newPage();
  await memberPage.goto('/subscription');
  await memberPage.getByRole('button', { name: 'Switch to 1-on-1 Burn' }).click();
  await memberPage.getByRole('dialog').getByRole('button', { name: 'Switch and pay $20.00' }).click();
  await expectToast(memberPage, 'Plan changed');
  await member.close();

  await page.reload();
  await expect.poll(() => centsOn(mrr)).toBe(before + 2999);
  // Over time ends with this month (its figures are folded from the ledger within a minute).
  const movements = page.getByRole('region', { name: 'MRR movements' });
  const thisMonth = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  await expect(movements.getByRole('rowheader').last()).toHaveText(thisMonth.format(new Date()));

  // Every table downloads as CSV, named by the range.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV: MRR movements' }).click();
  expect((await download).suggestedFilename()).toMatch(
    /^business-mrr-by-month-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );

  // By week, and a definition shown on keyboard focus.
  await page.getByRole('button', { name: 'By week' }).click();
  await expect(page).toHaveURL(/by=week/);
  await expect(movements.getByRole('rowheader').first()).toContainText('Week of');
  await page.getByRole('button', { name: 'Logo churn: definition' }).focus();
  await expect(page.getByRole('tooltip', { name: /paying members at its start/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a coach has no Business link, is sent from /admin/business to their own page, and the API refuses them', async ({
  page,
  admin: _,
  browser,
}) => {
  const origin = { origin: new URL(test.info().project.use.baseURL!).origin };
  const email = uniqueEmail('coach');
  const coach = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await confirmedMember(coach, `Rio ${email.slice(6, 12)}`, email);
  const invited = await page.request.post('/api/admin/team/invitations', {
    data: { email, roles: ['coach'] },
    headers: origin,
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (
        await coach.request.get(`/dev/mail.json?to=${encodeURIComponent(email)}`)
      ).json()) as {
        subject: string;
        meta: { url?: string };
      }[];
      link = mails.find((mail) => mail.subject === 'You are invited to the Core28 team')?.meta.url;
      return link;
    })
    .toBeTruthy();
  const accepted = await coach.request.post('/api/team/invitations/accept', {
    data: { token: new URL(link!).searchParams.get('token') },
    headers: origin,
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  const coachPage = await coach.newPage();
  await coachPage.goto('/admin/business');
  await expect(coachPage).not.toHaveURL(/\/admin\/business/);
  const sidebar = coachPage.getByRole('navigation', { name: 'Admin' });
  await expect(sidebar.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Business' })).toHaveCount(0);
  for (const path of ['now', 'over-time', 'cohorts']) {
    expect((await coach.request.get(`/api/admin/business/${path}`)).status(), path).toBe(403);
  }
  await coach.close();
});
