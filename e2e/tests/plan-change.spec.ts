import { expect, type Page, test } from '@playwright/test';
import { expectToast, loseFirstAnswer, paidMember } from './helpers';

// A paying member changes plans on the one subscription they have, and cancels to the
// free plan through the billing portal; never a second checkout.

/** Picks the free plan on /subscription and cancels at the period end in the billing portal. */
async function cancelInPortal(page: Page) {
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Switch to Feel and Burn' }).click();
  const portalPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue to billing portal' }).click();
  const portal = await portalPromise;
  await expect(portal.getByRole('heading', { name: 'Cancel your subscription' })).toBeVisible();
  await portal.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(portal.getByRole('status')).toHaveText(
    'Your subscription is set to cancel at the end of the period.',
  );
  await portal.close();
}

test('a Daily Core member switches to 1-on-1 Burn: Your plan, the charge today, one subscription', async ({
  page,
  context,
}) => {
  await paidMember(context, 'daily-core-monthly');
  await page.goto('/subscription');
  const card = (name: string) => page.getByRole('group', { name });
  await expect(card('The Daily Core').getByText('Your plan', { exact: true })).toBeVisible();
  await expect(page.getByText('Your plan', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('link', { name: /^Choose / })).toHaveCount(0);

  await page.getByRole('button', { name: 'Switch to 1-on-1 Burn' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Switch to 1-on-1 Burn (monthly)' })).toBeVisible();
  await expect(dialog.getByText('Charged today')).toBeVisible();
  // Just paid $9.99 for the month: the rest of it at $29.99 less the unused $9.99.
  await dialog.getByRole('button', { name: 'Switch and pay $20.00' }).click();
  await expectToast(page, 'Plan changed');
  await expect(card('1-on-1 Burn').getByText('Your plan', { exact: true })).toBeVisible();

  await page.goto('/subscription/manage');
  await expect(page.getByRole('heading', { name: '1-on-1 Burn' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '$20.00', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: '$9.99', exact: true })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(3); // the header and two invoices: one subscription
});

test('on a phone, a switch whose answer was lost is confirmed again: one switch, one charge, no error', async ({
  page,
  context,
}) => {
  await paidMember(context, 'daily-core-monthly');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/subscription');
  // The switch reaches the provider and the server, and its answer is lost on the way back.
  const sends = await loseFirstAnswer(page, '**/api/subscription/change');
  await page.getByRole('button', { name: 'Switch to 1-on-1 Burn' }).click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Switch and pay $20.00' });
  await confirm.click();
  await expectToast(page, 'Error');
  await confirm.click();
  await expectToast(page, 'Plan changed');
  expect(sends()).toBe(2);
  const card = (name: string) => page.getByRole('group', { name });
  await expect(card('1-on-1 Burn').getByText('Your plan', { exact: true })).toBeVisible();

  await page.goto('/subscription/manage');
  await expect(page.getByRole('heading', { name: '1-on-1 Burn' })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(3); // the header and two invoices: charged once
});

test('a 1-on-1 Burn member downgrades to The Daily Core: nothing today, the switch at the period end, and Keep undoes it', async ({
  page,
  context,
}) => {
  await paidMember(context, 'burn-monthly');
  const end = (await (await page.request.get('/api/subscription/plan')).json()).current_period_end as string;
  const date = new Date(end).toLocaleDateString('en-US', { dateStyle: 'long' });
  await page.goto('/subscription');
  const card = (name: string) => page.getByRole('group', { name });
  await card('The Daily Core').getByRole('button', { name: 'Switch to The Daily Core' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Switch to The Daily Core (monthly)' })).toBeVisible();
  await expect(dialog.getByText('$0.00')).toBeVisible();
  await expect(dialog.getByText('Starts on', { exact: true })).toBeVisible();
  await expect(dialog.getByText(date, { exact: true })).toBeVisible();
  await expect(
    dialog.getByText(`You keep 1-on-1 Burn (monthly) until ${date}; nothing is charged today.`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: `Switch on ${date}` }).click();
  await expectToast(page, `You switch to The Daily Core (monthly) on ${date}.`);

  // Still on 1-on-1 Burn until then; the new plan waits for the period end.
  await expect(card('1-on-1 Burn').getByText('Your plan', { exact: true })).toBeVisible();
  await expect(card('The Daily Core').getByText(`Starts on ${date}`)).toBeVisible();
  await page.goto('/subscription/manage');
  await expect(page.getByRole('heading', { name: '1-on-1 Burn' })).toBeVisible();
  await expect(
    page.getByText(`Next billing date: ${date}. Switches to The Daily Core (monthly) on ${date}.`),
  ).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one invoice: nothing charged

  await page.goto('/subscription');
  await card('1-on-1 Burn').getByRole('button', { name: 'Keep 1-on-1 Burn' }).click();
  await expect(
    dialog.getByText('You stay on 1-on-1 Burn (monthly); the scheduled switch is cancelled.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, 'Plan changed');
  await expect(
    card('The Daily Core').getByRole('button', { name: 'Switch to The Daily Core' }),
  ).toBeVisible();
  expect((await (await page.request.get('/api/subscription/plan')).json()).scheduled_plan).toBeNull();
});

test('a paying member picks the free plan: cancel at period end in the portal, then Cancels on with Resume', async ({
  page,
  context,
}) => {
  await paidMember(context, 'daily-core-monthly');
  await cancelInPortal(page);

  await page.goto('/subscription/manage');
  const end = (await (await page.request.get('/api/subscription/plan')).json()).current_period_end as string;
  const date = new Date(end).toLocaleDateString('en-US', { dateStyle: 'long' });
  await expect(page.getByText(`Cancels on ${date}`)).toBeVisible();
  await expect(page.getByText(/Next billing date/)).toHaveCount(0);
  await expect(page.getByText('Active', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expectToast(page, 'Subscription resumed');
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText(`Next billing date: ${date}`)).toBeVisible();
});

test('on a phone, a resume whose answer was lost is tapped again: resumed, no error', async ({
  page,
  context,
}) => {
  await paidMember(context, 'daily-core-monthly');
  await page.setViewportSize({ width: 390, height: 844 });
  await cancelInPortal(page);

  await page.goto('/subscription/manage');
  const sends = await loseFirstAnswer(page, '**/api/subscription/resume');
  const resume = page.getByRole('button', { name: 'Resume subscription' });
  await resume.click();
  await expectToast(page, 'Could not reach the server.');
  await resume.click();
  await expectToast(page, 'Subscription resumed');
  expect(sends()).toBe(2);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Your subscription is not set to cancel.')).toHaveCount(0);
});

test('a paying member who opens a sign-up flow is offered the switch, not a second payment', async ({
  page,
  context,
}) => {
  await paidMember(context, 'daily-core-monthly');
  await page.goto('/subscription/signup?plan=burn&step=payment');
  await expect(page.getByRole('heading', { name: 'You already have The Daily Core' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toHaveCount(0);
  await page.getByRole('link', { name: 'See your plans' }).click();
  await expect(page.getByRole('button', { name: 'Switch to 1-on-1 Burn' })).toBeVisible();
});
