import { randomUUID } from 'node:crypto';
import { BASE_URL } from '../playwright.config';
import { expect, test } from './fixtures';
import { ADMIN, moveToDay, PASSWORD, paidMember, signInOverHttp } from './helpers';

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

test("a Daily Core member's bell is live too: what another device does shows without a reload", async ({
  browser,
  context,
  page,
}) => {
  const { email } = await paidMember(context, 'daily-core-monthly', 'Dana Daily');
  await moveToDay(page, email, 8);
  await page.goto('/program');
  const bell = page.getByRole('link', { name: /^What is new/ });
  await expect(bell).toHaveAccessibleName('What is new');
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });

  // The member's other phone finishes last week: Core Warrior and Perfect Week are earned there.
  const phone = await browser.newContext();
  await signInOverHttp(phone, { email, password: PASSWORD });
  for (let day = 1; day <= 7; day++) {
    const finished = await phone.request.post(`/api/program/days/${day}/finish`, {
      data: { totalSeconds: 600, reps: 20 },
      headers: { ...headers, 'idempotency-key': randomUUID() },
    });
    expect(finished.ok(), `day ${day}`).toBe(true);
  }
  await expect(bell).toHaveAccessibleName('What is new, 2 unread');

  // Read there, cleared here, still without a reload.
  const { items } = (await (await phone.request.get('/api/news')).json()) as { items: { id: string }[] };
  const read = await phone.request.post('/api/news/read', { data: { upTo: items[0]!.id }, headers });
  expect(read.ok()).toBe(true);
  await expect(bell).toHaveAccessibleName('What is new');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await phone.close();
});
