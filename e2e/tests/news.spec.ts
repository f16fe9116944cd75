import { BASE_URL } from '../playwright.config';
import { expect, test } from './fixtures';
import { ADMIN, signInOverHttp } from './helpers';

// "What is new" on a phone: a coach's reply reaches the open app's bell live, and the list
// shows it and clears the count when opened.

const headers = { origin: new URL(BASE_URL).origin };
test.use({ viewport: { width: 390, height: 844 } });

test("a coach's reply lights the bell live; opening the list shows it and clears the count", async ({
  browser,
  page,
  burnMember: _member,
}) => {
  const topic = await page.request.post('/api/coaching/topics', {
    data: { title: 'Plank form', description: 'My hips sag after 20 seconds.' },
    headers,
  });
  expect(topic.ok()).toBe(true);
  const { topic: created } = (await topic.json()) as { topic: { id: string } };

  await page.goto('/program');
  const bell = page.getByRole('link', { name: /^What is new/ });
  await expect(bell).toHaveAccessibleName('What is new');
  const box = await bell.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });

  const coachContext = await browser.newContext();
  await signInOverHttp(coachContext, ADMIN);
  const reply = await coachContext.request.post(`/api/admin/coaching/topics/${created.id}/replies`, {
    data: { message: 'Squeeze your glutes and keep a straight line from head to heels.' },
    headers,
  });
  expect(reply.status()).toBe(201);
  await coachContext.close();

  // Live, without a reload.
  await expect(bell).toHaveAccessibleName('What is new, 1 unread');
  await expect(page.getByTestId('news-count')).toHaveText('1');
  // The tab bar's Coach tab carries the coach's unread reply too.
  const tabs = page.getByRole('navigation', { name: 'Tabs' });
  await expect(tabs.getByRole('link', { name: 'Coach, 1 unread' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  await bell.click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.getByRole('heading', { name: 'What is new' })).toBeVisible();
  const item = page.getByRole('link', { name: /Your coach replied/ });
  await expect(item).toContainText('Squeeze your glutes and keep a straight line from head to heels.');
  await expect(bell).toHaveAccessibleName('What is new');
  await expect(page.getByTestId('news-count')).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: 'Coach' })).toBeVisible();

  // The item opens the conversation.
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/one-on-one\\?topic=${created.id}`));
});
