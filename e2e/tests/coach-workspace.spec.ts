import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, expectToast, moveToDay, signInOverHttp } from './helpers';

// The coach's workspace in the browser: a member opened from the users list (grid,
// wellness), their topic with the side panel, a video attachment the member plays, and a day of
// the member's own plan that their /program then shows.

const origin = () => ({ origin: new URL(test.info().project.use.baseURL!).origin });

/**
 * Two seconds of a moving shape, recorded as WebM (VP8) by the page (as e2e/tools/video-screenshots.ts
 * does). A string, not a function: tsx names inner functions with a helper the page does not have.
 */
const RECORD_WEBM = `(async () => {
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = 240;
  const g = canvas.getContext('2d');
  const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm;codecs=vp8' });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const stopped = new Promise((resolve) => { recorder.onstop = resolve; });
  recorder.start();
  const start = performance.now();
  await new Promise((resolve) => {
    const frame = () => {
      const t = (performance.now() - start) / 1000;
      g.fillStyle = '#1f2937';
      g.fillRect(0, 0, 320, 240);
      g.fillStyle = '#e11d48';
      g.fillRect(40 + Math.sin(t * 3) * 30, 140, 240, 30);
      if (t < 2) requestAnimationFrame(frame);
      else resolve();
    };
    frame();
  });
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
})()`;
const recordWebm = async (page: Page) => Buffer.from(await page.evaluate<string>(RECORD_WEBM), 'base64');

async function memberId(page: Page) {
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  return me.user.id;
}

test('the coach opens a member from the users list, sees their grid and wellness, opens their topic with the side panel and sends a video the member receives live and plays', async ({
  browser,
  page: member,
  burnMember: { email, name },
}) => {
  await moveToDay(member, email, 3);
  for (const day of [1, 2])
    expect(
      (await member.request.post('/api/program/complete', { data: { day }, headers: origin() })).ok(),
    ).toBe(true);
  const wellness = await member.request.put('/api/program/wellness', {
    data: { day: 3, feeling: 4, energy: 2 },
    headers: origin(),
  });
  expect(wellness.ok()).toBe(true);
  const topic = await member.request.post('/api/coaching/topics', {
    data: { title: 'Plank check' },
    headers: origin(),
  });
  expect(topic.ok()).toBe(true);

  const coachContext = await browser.newContext();
  const coach = await coachContext.newPage();
  await signInOverHttp(coachContext, ADMIN);
  await coach.goto('/admin/users');
  await coach.getByRole('searchbox', { name: 'Search users by name or email' }).fill(email);
  await coach.getByRole('link', { name }).click();
  await expect(coach.getByRole('heading', { level: 1, name })).toBeVisible();
  const grid = coach.getByRole('list', { name: '28-day grid' });
  await expect(grid.getByRole('listitem', { name: 'Day 1: Completed' })).toBeVisible();
  await expect(grid.getByRole('listitem', { name: 'Day 3: Today' })).toBeVisible();
  await expect(coach.getByRole('img', { name: 'Feeling and energy per day' })).toBeVisible();

  await coach.getByRole('link', { name: 'Plank check' }).click();
  const panel = coach.getByRole('complementary', { name: 'Member' });
  await expect(panel).toContainText('Day 3 of 28');
  await expect(panel).toContainText('Day 3: feeling 4/5, energy 2/5');

  // The member has the topic open: the video arrives live, as a text message does.
  await member.goto('/one-on-one');
  await member.getByRole('button', { name: /Plank check/ }).click();
  await expect(member.getByRole('log', { name: 'Messages' })).toBeVisible();

  const webm = await recordWebm(coach);
  await coach.getByLabel('Photo or video to attach').setInputFiles({
    name: 'plank.webm',
    mimeType: 'video/webm',
    buffer: webm,
  });
  await expectToast(coach, 'Attachment sent');
  await expect(coach.getByRole('log', { name: 'Messages' }).getByLabel('Attached video')).toBeVisible();

  const video = member.getByRole('log', { name: 'Messages' }).getByLabel('Attached video');
  await expect(video).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  await coachContext.close();
});

test("the coach changes day 12 for the member, and the member's /program shows it", async ({
  browser,
  page: member,
  burnMember: { email },
}) => {
  await moveToDay(member, email, 12);
  const userId = await memberId(member);

  const coachContext = await browser.newContext();
  const coach = await coachContext.newPage();
  await signInOverHttp(coachContext, ADMIN);
  await coach.goto(`/admin/users/${userId}`);
  await coach.getByRole('button', { name: 'Adjust day 12' }).click();
  const dialog = coach.getByRole('dialog', { name: 'Adjust day 12' });
  await dialog.getByLabel('Exercise').selectOption({ label: 'Forearm Plank (time)' });
  await dialog.getByLabel('Sets').fill('3');
  await dialog.getByLabel('Work (seconds)').fill('40');
  await dialog.getByLabel('Rest (seconds)').fill('30');
  await dialog.getByLabel('Note for the member').fill('Keep your hips level.');
  await dialog.getByRole('button', { name: 'Save day 12' }).click();
  await expectToast(coach, 'Day 12 adjusted');
  const changes = coach.getByRole('region', { name: 'Changes to the plan' });
  await expect(changes).toContainText('Day 12');
  await expect(changes).toContainText('After: Forearm Plank, 3 × 40 s, rest 30 s');
  await coachContext.close();

  await member.goto('/program');
  const day12 = member.getByRole('article', { name: 'Day 12' });
  await expect(day12).toContainText('Forearm Plank');
  await expect(day12).toContainText('Adjusted by your coach');
  await expect(day12).toContainText('Keep your hips level.');
  await expect(member.getByRole('article', { name: 'Day 13' })).not.toContainText('Adjusted by your coach');
});

test("the coach saves a reply and inserts it with the member's first name and day filled in", async ({
  browser,
  page: member,
  burnMember: { email },
}) => {
  await moveToDay(member, email, 5);
  await member.request.patch('/api/profile', { data: { firstName: 'Maya' }, headers: origin() });
  const topic = await member.request.post('/api/coaching/topics', {
    data: { title: 'Missed two days' },
    headers: origin(),
  });
  const { topic: created } = (await topic.json()) as { topic: { id: string; userId: string } };

  const coachContext = await browser.newContext();
  const coach = await coachContext.newPage();
  await signInOverHttp(coachContext, ADMIN);
  await coach.goto(`/admin/chat/${created.userId}/${created.id}`);
  await coach.getByRole('button', { name: 'Manage' }).click();
  const dialog = coach.getByRole('dialog', { name: 'Saved replies' });
  const title = `Back on track ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Reply').fill('Hi {firstName}, day {day} is waiting for you.');
  await dialog.getByRole('button', { name: 'Add saved reply' }).click();
  await expectToast(coach, 'Saved reply added');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await coach.getByRole('combobox', { name: 'Insert a saved reply' }).selectOption({ label: title });
  await expect(coach.getByRole('textbox', { name: 'Reply' })).toHaveValue(
    'Hi Maya, day 5 is waiting for you.',
  );
  await coachContext.close();
});
