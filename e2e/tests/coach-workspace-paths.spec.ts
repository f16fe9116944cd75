import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, expectToast, loseFirstAnswer, moveToDay, paidMember, signInOverHttp } from './helpers';

// A member attaching a photo, a refused file
// saying why on both sides, the users list's filters and sort, and an adjusted day on the
// session's first screen and today's card.

const origin = () => ({ origin: new URL(test.info().project.use.baseURL!).origin });

/** A 160×120 PNG the page draws, so the photo shown is a real one. */
const drawPng = async (page: Page) =>
  Buffer.from(
    await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 160;
      canvas.height = 120;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#e11d48';
      g.fillRect(20, 40, 120, 40);
      return canvas.toDataURL('image/png').split(',')[1]!;
    }),
    'base64',
  );

const NOT_A_PHOTO = {
  name: 'notes.jpg', // the name and type say photo; the bytes say text
  mimeType: 'image/jpeg',
  buffer: Buffer.from('Day 4: my back hurt during the plank, is that normal?'),
};
const REFUSED = 'Only photos (JPEG, PNG, WebP) and videos (MP4, WebM, MOV) can be attached.';

async function userIdOf(page: Page) {
  return ((await (await page.request.get('/api/me')).json()) as { user: { id: string } }).user.id;
}

test('the member attaches a photo the coach sees; a file that is not one is refused with the reason, on both sides', async ({
  browser,
  page: member,
  burnMember: _,
}) => {
  const topic = await member.request.post('/api/coaching/topics', {
    data: { title: 'Form check' },
    headers: origin(),
  });
  const { topic: created } = (await topic.json()) as { topic: { id: string; userId: string } };
  await member.goto('/one-on-one');
  await member.getByRole('button', { name: /Form check/ }).click();
  const attach = member.getByLabel('Photo or video to attach');

  await attach.setInputFiles(NOT_A_PHOTO);
  await expectToast(member, 'The attachment was not sent');
  await expectToast(member, REFUSED);
  await expect(member.getByRole('log', { name: 'Messages' }).getByRole('img')).toHaveCount(0);

  await attach.setInputFiles({ name: 'plank.png', mimeType: 'image/png', buffer: await drawPng(member) });
  await expectToast(member, 'Attachment sent');
  await expect(
    member.getByRole('log', { name: 'Messages' }).getByRole('img', { name: 'Attached', exact: true }),
  ).toBeVisible();

  const coachContext = await browser.newContext();
  const coach = await coachContext.newPage();
  await signInOverHttp(coachContext, ADMIN);
  await coach.goto(`/admin/chat/${created.userId}/${created.id}`);
  const photo = coach
    .getByRole('log', { name: 'Messages' })
    .getByRole('img', { name: 'Attached', exact: true });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);

  await coach.getByLabel('Photo or video to attach').setInputFiles(NOT_A_PHOTO);
  await expectToast(coach, 'The attachment was not sent');
  await expectToast(coach, REFUSED);
  await coachContext.close();
});

test("the users list's filters and sort change its rows", async ({ browser }) => {
  const token = randomUUID().slice(0, 8);
  const burnContext = await browser.newContext();
  const coreContext = await browser.newContext();
  const burn = await burnContext.newPage();
  const { email: burnEmail } = await paidMember(burnContext, 'burn-monthly', `Filter ${token} Burn`);
  await paidMember(coreContext, 'daily-core-monthly', `Filter ${token} Core`);
  // The Burn member registered three days ago, did day 1 (just now), missed days 2 and 3.
  await moveToDay(burn, burnEmail, 4);
  const done = await burn.request.post('/api/program/complete', { data: { day: 1 }, headers: origin() });
  expect(done.ok()).toBe(true);

  const coachContext = await browser.newContext();
  const coach = await coachContext.newPage();
  await signInOverHttp(coachContext, ADMIN);
  await coach.goto('/admin/users');
  await coach.getByRole('searchbox', { name: 'Search users by name or email' }).fill(`Filter ${token}`);
  const rows = coach.getByRole('region', { name: 'Members table' }).getByRole('link');
  const BURN = `Filter ${token} Burn`;
  const CORE = `Filter ${token} Core`;
  await expect(rows).toHaveText([CORE, BURN]); // newest registration first

  await coach.getByLabel('Sort by').selectOption('lastActive');
  await expect(rows).toHaveText([BURN, CORE]);
  await coach.getByLabel('Sort by').selectOption('registered');
  await expect(rows).toHaveText([CORE, BURN]);

  await coach.getByRole('checkbox', { name: '1-on-1 Burn' }).check();
  await expect(rows).toHaveText([BURN]);
  await coach.getByRole('checkbox', { name: '1-on-1 Burn' }).uncheck();
  await expect(rows).toHaveText([CORE, BURN]);

  await coach.getByLabel('Missed in a row').selectOption('2');
  await expect(rows).toHaveText([BURN]);
  await coach.getByLabel('Missed in a row').selectOption('3');
  await expect(rows).toHaveText([]);
  await coach.getByLabel('Missed in a row').selectOption('0');
  await coach.getByLabel('Plan', { exact: true }).selectOption('trial');
  await expect(rows).toHaveText([]);
  await coach.getByLabel('Plan', { exact: true }).selectOption('paid');
  await expect(rows).toHaveText([CORE, BURN]);
  await Promise.all([burnContext.close(), coreContext.close(), coachContext.close()]);
});

test("an adjusted day says 'Adjusted by your coach' on today's card and the session's first screen", async ({
  browser,
  page: member,
  burnMember: { email },
}) => {
  await moveToDay(member, email, 3);
  const userId = await userIdOf(member);

  const coachContext = await browser.newContext();
  const coach = await coachContext.newPage();
  await signInOverHttp(coachContext, ADMIN);
  await coach.goto(`/admin/users/${userId}`);
  await coach.getByRole('button', { name: 'Adjust day 3' }).click();
  const dialog = coach.getByRole('dialog', { name: 'Adjust day 3' });
  await dialog.getByLabel('Exercise').selectOption({ label: 'Forearm Plank (time)' });
  await dialog.getByLabel('Sets').fill('2');
  await dialog.getByLabel('Work (seconds)').fill('30');
  await dialog.getByLabel('Rest (seconds)').fill('45');
  await dialog.getByLabel('Note for the member').fill('Short holds today, your back first.');
  await dialog.getByRole('button', { name: 'Save day 3' }).click();
  await expectToast(coach, 'Day 3 adjusted');
  await coachContext.close();

  await member.goto('/program');
  const today = member.getByRole('region', { name: /Today's Exercise · Day 3/i });
  await expect(today).toContainText('Forearm Plank');
  await expect(today).toContainText('Adjusted by your coach');
  await expect(today).toContainText('Short holds today, your back first.');

  await member.goto('/program/day/3/session');
  await expect(member.getByRole('heading', { level: 1, name: 'Forearm Plank' })).toBeVisible();
  const main = member.getByRole('main');
  await expect(main).toContainText('Adjusted by your coach');
  await expect(main).toContainText('Short holds today, your back first.');
});

test('on a phone, a photo whose answer was lost is picked and sent again once, not twice', async ({
  page: member,
  burnMember: _,
}) => {
  await member.setViewportSize({ width: 390, height: 844 });
  await member.request.post('/api/coaching/topics', { data: { title: 'Form check' }, headers: origin() });
  await member.goto('/one-on-one');
  await member.getByRole('button', { name: /Form check/ }).click();
  // The first upload reaches the server, and its answer is lost on the way back.
  const sends = await loseFirstAnswer(member, '**/api/coaching/topics/*/attachments');
  const photo = { name: 'plank.png', mimeType: 'image/png', buffer: await drawPng(member) };
  const attach = member.getByLabel('Photo or video to attach');
  await member.getByRole('textbox', { name: 'Message' }).fill('Day 4, is my back flat?');
  await attach.setInputFiles(photo);
  await expectToast(member, 'The attachment was not sent');
  await attach.setInputFiles(photo);
  await expectToast(member, 'Attachment sent');
  expect(sends()).toBe(2);

  const attached = () =>
    member.getByRole('log', { name: 'Messages' }).getByRole('img', { name: 'Attached', exact: true });
  await expect(attached()).toHaveCount(1);
  await member.reload(); // the topic open before stays open
  await expect(attached()).toHaveCount(1);
  await expect(member.getByRole('log', { name: 'Messages' })).toContainText('Day 4, is my back flat?');
});
