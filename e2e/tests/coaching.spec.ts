import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, expectFieldError, expectToast, loseFirstAnswer, paidMember, signInOverHttp } from './helpers';

/** Creates a topic through the New Topic dialog, as the member would. */
async function createTopic(page: Page, title: string) {
  await page.getByRole('button', { name: 'New Topic' }).click();
  await page.getByRole('dialog', { name: 'New Topic' }).getByLabel('Title').fill(title);
  await page.getByRole('dialog', { name: 'New Topic' }).getByRole('button', { name: 'Create Topic' }).click();
  await expectToast(page, 'Discussion topic created successfully');
}

test('a 1-on-1 Burn member and the coach talk live, without reloading, and the unread badge clears when opened', async ({
  browser,
  page: member,
  burnMember: { name },
}) => {
  const coachContext = await browser.newContext();
  const coach = await coachContext.newPage();

  await signInOverHttp(coachContext, ADMIN);
  await coach.goto('/admin');
  await coach.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: '1 on 1' }).click();
  await expect(coach.getByRole('tab', { name: 'Awaiting reply' })).toHaveAttribute('aria-selected', 'true');
  await coach.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });

  await member.goto('/one-on-one');
  await expect(member.getByRole('heading', { name: '1-on-1 Coaching' })).toBeVisible();
  await member.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await member.getByRole('button', { name: 'New Topic' }).click();
  const dialog = member.getByRole('dialog', { name: 'New Topic' });
  await dialog.getByRole('button', { name: 'Create Topic' }).click();
  await expectFieldError(dialog.getByLabel('Title'), 'Please enter a title for your topic.');
  await dialog.getByLabel('Title').fill('Lower back during leg raises');
  await dialog.getByRole('button', { name: 'Create Topic' }).click();
  await expectToast(member, 'Discussion topic created successfully');
  await member
    .getByRole('textbox', { name: 'Message' })
    .fill('My lower back lifts off the floor. Is that OK?');
  await member.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expectToast(member, 'Message sent successfully');
  await expect(member.getByRole('log', { name: 'Messages' })).toContainText(
    'My lower back lifts off the floor',
  );

  // The coach sees it arrive: the member's name, the topic and one unread message.
  const row = coach.getByRole('button', { name: new RegExp(`${name}.*Lower back during leg raises`) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('1 unread');
  await row.click();
  await expect(coach.getByRole('log', { name: 'Messages' })).toContainText(
    'My lower back lifts off the floor',
  );
  await expect(row).not.toContainText('unread');
  await coach
    .getByRole('textbox', { name: 'Reply' })
    .fill('Press it down and lower your legs only as far as you can keep it there.');
  await coach.getByRole('textbox', { name: 'Reply' }).press('Enter');
  await expectToast(coach, 'Reply sent successfully');

  // The open conversation gets the reply live.
  const log = member.getByRole('log', { name: 'Messages' });
  await expect(log).toContainText('Press it down and lower your legs');

  // With the topic closed, the next reply shows as an unread badge until the member opens it.
  await createTopic(member, 'Nutrition');
  // The new topic is open, so the reply cannot land in the old conversation and be read at once.
  await expect(member.getByRole('heading', { name: 'Nutrition', exact: true })).toBeVisible();
  await coach.getByRole('textbox', { name: 'Reply' }).fill('Also: breathe out as you lower.');
  await coach.getByRole('textbox', { name: 'Reply' }).press('Enter');
  const topicButton = member.getByRole('button', { name: /Lower back during leg raises/ });
  await expect(topicButton).toContainText('1 unread');
  await topicButton.click();
  await expect(log).toContainText('Also: breathe out as you lower.');
  await expect(topicButton).not.toContainText('unread');

  for (const page of [member, coach])
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Archiving the selected topic deselects it; an archived topic takes no reply until restored. The
  // coach spoke last, so the topic is under "All", not "Awaiting reply".
  await coach.getByRole('tab', { name: 'All' }).click();
  await coach.getByRole('button', { name: new RegExp(`${name}.*Lower back`) }).click();
  await coach.getByRole('button', { name: 'Archive' }).click();
  await expectToast(coach, 'Topic archived');
  await expect(coach.getByText('Choose a topic to read and reply.')).toBeVisible();
  await coach.getByRole('tab', { name: 'Archived' }).click();
  await coach.getByRole('button', { name: new RegExp(`${name}.*Lower back`) }).click();
  await expect(coach.getByText('This topic is archived. Restore it to reply.')).toBeVisible();
  await expect(coach.getByRole('textbox', { name: 'Reply' })).toHaveCount(0);
  await coach.getByRole('button', { name: 'Restore' }).click();
  await expectToast(coach, 'Topic restored from archive');
  await expect(coach.getByRole('textbox', { name: 'Reply' })).toBeVisible();

  // The full chat page, with its back link to /admin.
  await coach.getByRole('link', { name: 'Open the full chat page' }).click();
  await expect(coach).toHaveURL(/\/admin\/chat\/[^/]+\/[^/]+$/);
  await expect(coach.getByRole('log', { name: 'Messages' })).toContainText('Also: breathe out as you lower.');
  await coach.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(coach).toHaveURL(/\/admin$/);

  await coachContext.close();
});

test('a Daily Core member sees Access Restricted with a way to upgrade', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await paidMember(context, 'daily-core-monthly', 'Dan Daily');
  await page.goto('/one-on-one');
  await expect(page.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  await page.getByRole('link', { name: 'Upgrade to 1-on-1 Burn' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  const status = await page.evaluate(() => fetch('/api/coaching/topics').then((r) => r.status));
  expect(status).toBe(403);
  await context.close();
});

test('on a phone, both sides of a conversation fit the screen: nothing cut off at the right', async ({
  browser,
}) => {
  const viewport = { width: 390, height: 844 };
  const memberContext = await browser.newContext({ viewport });
  const coachContext = await browser.newContext({ viewport });
  const member = await memberContext.newPage();
  const coach = await coachContext.newPage();
  await paidMember(memberContext, 'burn-monthly', 'Maya Moss');
  await member.goto('/one-on-one');
  await createTopic(member, 'Lower back lifting during slow leg raises near the floor');
  await member
    .getByRole('textbox', { name: 'Message' })
    .fill('My lower back lifts off the floor near the bottom of each rep. Is that OK?');
  await member.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expectToast(member, 'Message sent successfully');

  await signInOverHttp(coachContext, ADMIN);
  await coach.goto('/admin/one-on-one');
  await coach
    .getByRole('button', { name: /Lower back lifting during slow leg raises/ })
    .first()
    .click();
  await expect(coach.getByRole('log', { name: 'Messages' })).toContainText('lifts off the floor');

  const fits = async (page: Page, names: [Parameters<Page['getByRole']>[0], string][]) => {
    for (const [role, name] of names) {
      const box = await page.getByRole(role, { name }).boundingBox();
      expect(box, `${name} is on screen`).not.toBeNull();
      expect(box!.x + box!.width, `${name} ends inside the screen`).toBeLessThanOrEqual(viewport.width);
    }
  };
  await fits(coach, [
    ['button', 'Archive'],
    ['textbox', 'Reply'],
    ['log', 'Messages'],
  ]);
  await fits(member, [
    ['button', 'Send'],
    ['textbox', 'Message'],
    ['log', 'Messages'],
  ]);
  await memberContext.close();
  await coachContext.close();
});

test('a message sent before the conversation has loaded is sent, not dropped', async ({
  page,
  burnMember: _,
}) => {
  await page.goto('/one-on-one');
  await page.getByRole('button', { name: 'New Topic' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Topic' });
  await dialog.getByLabel('Title').fill('Warm-up');
  // The conversation answers slowly, as it can on a busy server or a slow network.
  await page.route('**/api/coaching/topics/*', async (route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Create Topic' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('Should I warm up before day 1?');
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expectToast(page, 'Message sent successfully');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Should I warm up before day 1?');
});

test('on a phone, a message whose answer was lost is sent again once, not twice', async ({
  page,
  burnMember: _,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/one-on-one');
  await createTopic(page, 'Through a tunnel');
  // The first send reaches the server, and its answer is lost on the way back (the train enters a
  // tunnel); the member sends it again.
  const sends = await loseFirstAnswer(page, '**/api/coaching/topics/*/messages');
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Is day 9 meant to burn?');
  await box.press('Enter');
  await expectToast(page, 'Failed to send message');
  await expect(box).toHaveValue('Is day 9 meant to burn?');
  await box.press('Enter');
  await expectToast(page, 'Message sent successfully');
  await expect(box).toHaveValue('');
  expect(sends()).toBe(2);

  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Is day 9 meant to burn?')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Is day 9 meant to burn?')).toHaveCount(
    1,
  );
});

test('on a phone, a new topic whose answer was lost is created again once, not twice', async ({
  page,
  burnMember: _,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/one-on-one');
  const sends = await loseFirstAnswer(page, '**/api/coaching/topics');
  await page.getByRole('button', { name: 'New Topic' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Topic' });
  await dialog.getByLabel('Title').fill('Side planks');
  await dialog.getByRole('button', { name: 'Create Topic' }).click();
  await expect(dialog).toBeVisible(); // the failure keeps what was typed
  await expect(dialog.getByLabel('Title')).toHaveValue('Side planks');
  await dialog.getByRole('button', { name: 'Create Topic' }).click();
  await expectToast(page, 'Discussion topic created successfully');
  expect(sends()).toBe(2);

  const topics = (await (await page.request.get('/api/coaching/topics')).json()) as { topics: unknown[] };
  expect(topics.topics).toHaveLength(1);
});
