import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, expectToast, paidMember, signInOverHttp } from './helpers';

// The coach's inbox at a phone's width and a desktop's: a member's message arrives live under
// "Awaiting reply" with the navigation's unread count going up, and the coach's answer takes the
// conversation out of it.

/** The navigation's unread count (0 without a badge); on a phone the menu is opened to read it. */
async function unreadInNav(coach: Page, isPhone: boolean) {
  if (isPhone) await coach.getByRole('button', { name: 'Open admin menu' }).click();
  const link = coach.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /1 on 1/ });
  await expect(link).toBeVisible();
  const badge = link.getByTestId('inbox-unread');
  const count = (await badge.count()) ? Number(((await badge.textContent()) ?? '').match(/\d+/)?.[0]) : 0;
  if (isPhone) await coach.getByRole('button', { name: 'Close admin menu' }).click();
  return count;
}

async function expectUnreadInNav(coach: Page, isPhone: boolean, count: number) {
  if (isPhone) await coach.getByRole('button', { name: 'Open admin menu' }).click();
  const link = coach.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /1 on 1/ });
  if (count === 0) await expect(link.getByTestId('inbox-unread')).toHaveCount(0);
  else await expect(link.getByTestId('inbox-unread')).toHaveText(new RegExp(`^${count}`));
  if (isPhone) await coach.getByRole('button', { name: 'Close admin menu' }).click();
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 860 },
]) {
  test(`at ${viewport.width} px a member's message waits under "Awaiting reply" until the coach answers`, async ({
    browser,
  }) => {
    const isPhone = viewport.width < 1024;
    const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const coachContext = await browser.newContext({ viewport });
    const member = await memberContext.newPage();
    const coach = await coachContext.newPage();
    const name = `Ines ${randomUUID().slice(0, 6)}`;
    const title = `Knee check ${randomUUID().slice(0, 6)}`;
    await paidMember(memberContext, 'burn-monthly', name);
    await signInOverHttp(coachContext, ADMIN);

    await coach.goto('/admin/one-on-one');
    await expect(coach.getByRole('tab', { name: 'Awaiting reply' })).toHaveAttribute('aria-selected', 'true');
    const before = await unreadInNav(coach, isPhone);

    await member.goto('/one-on-one');
    await member.getByRole('button', { name: 'New Topic' }).click();
    await member.getByRole('dialog', { name: 'New Topic' }).getByLabel('Title').fill(title);
    await member
      .getByRole('dialog', { name: 'New Topic' })
      .getByRole('button', { name: 'Create Topic' })
      .click();
    await expectToast(member, 'Discussion topic created successfully');
    await member.getByRole('textbox', { name: 'Message' }).fill('My left knee clicks in the lunges.');
    await member.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expectToast(member, 'Message sent successfully');

    // Live, without a reload: the row under "Awaiting reply" with its wait, and the count.
    const row = coach.getByRole('button', { name: new RegExp(`${name}.*${title}`) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('1 unread');
    await expect(row).toContainText(/Waiting \d+ min/);
    await expectUnreadInNav(coach, isPhone, before + 1);

    await row.click();
    await expect(coach.getByRole('log', { name: 'Messages' })).toContainText('My left knee clicks');
    await expectUnreadInNav(coach, isPhone, before);
    await coach
      .getByRole('textbox', { name: 'Reply' })
      .fill('Slow the descent and keep the knee over the toes.');
    await coach.getByRole('textbox', { name: 'Reply' }).press('Enter');
    await expectToast(coach, 'Reply sent successfully');

    // Answered: out of "Awaiting reply", still under "All".
    if (isPhone) await coach.getByRole('button', { name: 'Back to topics' }).click();
    await expect(row).toHaveCount(0);
    await coach.getByRole('tab', { name: 'All' }).click();
    await expect(coach.getByRole('button', { name: new RegExp(`${name}.*${title}`) })).toBeVisible();

    await memberContext.close();
    await coachContext.close();
  });
}
