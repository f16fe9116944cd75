import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_VIDEO_MAX_BYTES } from '../playwright.config';
import { expect, test } from './fixtures';
import { expectToast, trialMember } from './helpers';

// A coach's demonstration video, through the real admin screen and the real API
// (POST/DELETE /api/admin/exercises/:id/video), as members then see it. Day 1's exercise is the
// one a new member meets on /exercises and in the day's session.

/** An MP4's first bytes as file-type reads them: an `ftyp` box (brand isom), then an `mdat` box. */
function mp4File(size: number) {
  const bytes = Buffer.alloc(size, 0x2a);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  bytes.writeUInt32BE(0x200, 12);
  bytes.write('isommp41', 16, 'latin1');
  bytes.writeUInt32BE(size - 24, 24);
  bytes.write('mdat', 28, 'latin1');
  return bytes;
}
const MP4 = mp4File(1000);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(52, 0),
]);

const NOT_A_VIDEO =
  'The file is not an MP4 or WebM video. Export the video as MP4 (H.264) or WebM and upload it again.';
const TOO_LARGE = `The video is too large (at most ${E2E_VIDEO_MAX_BYTES / (1024 * 1024)} MB).`;
const YOUTUBE_ID = 'aaaaaaaaaaa';

type Day = { day: number; exercise: { id: number; name: string } };
type AdminExercise = { id: number; name: string; exercise: string; description: string; category: string };

const origin = () => ({ origin: new URL(test.info().project.use.baseURL!).origin });

async function dayOne(request: APIRequestContext) {
  const { days } = (await (await request.get('/api/admin/program-days')).json()) as { days: Day[] };
  const id = days[0]!.exercise.id;
  const all = (await (await request.get('/api/admin/exercises')).json()) as (AdminExercise & {
    videoUrl: string | null;
  })[];
  return all.find((e) => e.id === id)!;
}

/** Opens the admin's edit dialog of `name`, where the video controls are. */
async function editExercise(page: Page, name: string) {
  await page.goto('/admin/exercises');
  await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  return page.getByRole('dialog', { name: 'Edit Exercise' });
}

test('the admin uploads a video, members see and seek it, bad files are refused with their reason, and a YouTube link is embedded', async ({
  page,
  browser,
  admin: _admin,
}) => {
  const exercise = await dayOne(page.request);
  const { name } = exercise;
  const restore = async () => {
    await page.request.delete(`/api/admin/exercises/${exercise.id}/video`, { headers: origin() });
    const { name, exercise: summary, description, category, videoUrl } = exercise;
    await page.request.put(`/api/admin/exercises/${exercise.id}`, {
      data: { name, exercise: summary, description, category, videoUrl: videoUrl ?? '' },
      headers: origin(),
    });
  };
  const memberContext = await browser.newContext();
  try {
    // The admin uploads a 1000-byte MP4: the dialog plays it and the list says so.
    let dialog = await editExercise(page, name);
    await expect(dialog.getByText('No video: members see the animated demonstration.')).toBeVisible();
    const fileInput = dialog.getByLabel('Upload a video (MP4 or WebM)');
    await fileInput.setInputFiles({ name: 'plank.mp4', mimeType: 'video/mp4', buffer: MP4 });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expectToast(page, 'Video uploaded');
    await expect(dialog.locator('video')).toHaveAttribute('aria-label', `Video: ${name}`);
    await expect(fileInput).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listitem', { name, exact: true })).toContainText('· video');

    // A member on day 1 sees it in the exercise dialog and in the session's work step.
    await trialMember(memberContext);
    const member = await memberContext.newPage();
    await member.goto('/exercises');
    const card = member.getByRole('listitem').filter({ has: member.getByRole('heading', { name }) });
    await expect(card.getByText('Video', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Show Details' }).click();
    const details = member.getByRole('dialog', { name: `Day 1: ${name}` });
    const video = details.locator('video');
    await expect(video).toBeVisible();
    await expect(video.locator('source')).toHaveAttribute('type', 'video/mp4');

    // The signed link answers ranges, as a phone's player asks for them.
    const src = (await video.locator('source').getAttribute('src'))!;
    expect(src).toMatch(/^\/api\/files\/exercises\/\d+\/video-[0-9a-f-]+\.mp4\?expires=/);
    const part = await member.request.get(src, { headers: { range: 'bytes=100-199' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-range']).toBe('bytes 100-199/1000');
    expect((await part.body()).equals(MP4.subarray(100, 200))).toBe(true);

    await member.goto('/program/day/1/session');
    await expect(member.locator('video')).toBeVisible(); // the ready screen
    await member.getByRole('button', { name: 'Start' }).click();
    await expect(member.getByText('Warm-up 1 of 4', { exact: true })).toBeVisible();
    await expect(member.locator('video')).toHaveCount(0); // warm-up moves show their demonstrations
    for (let i = 0; i < 4; i++) await member.getByRole('button', { name: 'Skip' }).click();
    await expect(member.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(member.locator('video')).toBeVisible();
    await expect(member.locator('video source')).toHaveAttribute('src', /\/api\/files\/exercises\//);

    // Videos are not kept for offline. Without a connection the drawn demonstration
    // stands in, and the video is back with the connection.
    const drawing = member.getByRole('img', { name: `Demonstration: ${name}` });
    await memberContext.setOffline(true);
    await expect(drawing).toBeVisible();
    await expect(member.locator('video')).toHaveCount(0);
    await memberContext.setOffline(false);
    await expect(member.locator('video')).toBeVisible();
    await expect(drawing).toHaveCount(0);
    // So does a file that cannot be fetched (a connection that carries nothing, an expired link).
    await member.route('**/api/files/**', (route) => route.abort('internetdisconnected'));
    await member.goto('/exercises');
    await card.getByRole('button', { name: 'Show Details' }).click();
    await expect(details.getByRole('img', { name: `Demonstration: ${name}` })).toBeVisible();
    await expect(details.locator('video')).toHaveCount(0);
    await member.unroute('**/api/files/**');

    // A PNG named .mp4 is refused by its bytes, with the server's reason.
    dialog = await editExercise(page, name);
    await fileInput.setInputFiles({ name: 'photo.mp4', mimeType: 'video/mp4', buffer: PNG });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(NOT_A_VIDEO);

    // So is a file several MB over VIDEO_MAX_BYTES: the browser gets the 413's message while it is
    // still sending, not "Could not reach the server".
    await fileInput.setInputFiles({
      name: 'long.mp4',
      mimeType: 'video/mp4',
      buffer: mp4File(E2E_VIDEO_MAX_BYTES + 8 * 1024 * 1024),
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText(TOO_LARGE);
    await expect(dialog.locator('video')).toBeVisible(); // the uploaded video stays

    // The admin removes the video: the animated demonstration is back for members.
    await dialog.getByRole('button', { name: 'Remove video' }).click();
    await expectToast(page, 'Video removed');
    await expect(dialog.getByText('No video: members see the animated demonstration.')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(await member.request.get(src)).not.toBeOK(); // the file is gone
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listitem', { name, exact: true })).not.toContainText('· video');

    // A YouTube link is shown as the privacy-enhanced embed (YouTube itself is not loaded here).
    dialog = await editExercise(page, name);
    await dialog.getByLabel('Video URL').fill(`https://www.youtube.com/watch?v=${YOUTUBE_ID}&t=1m5s`);
    await dialog.getByRole('button', { name: 'Save Exercise' }).click();
    await expectToast(page, 'Exercise updated successfully');
    await expect(page.getByRole('listitem', { name, exact: true })).toContainText('· YouTube');

    await member.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>embed</title>' }),
    );
    await member.goto('/exercises');
    await card.getByRole('button', { name: 'Show Details' }).click();
    await expect(details.locator('iframe')).toHaveAttribute(
      'src',
      `https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?start=65`,
    );
    await expect(details.locator('iframe')).toHaveAttribute('title', `Video: ${name}`);
    await expect(details.locator('video')).toHaveCount(0);
    // Offline, the embed gives way to the drawing.
    await memberContext.setOffline(true);
    await expect(details.getByRole('img', { name: `Demonstration: ${name}` })).toBeVisible();
    await expect(details.locator('iframe')).toHaveCount(0);
    await memberContext.setOffline(false);
    await expect(details.locator('iframe')).toBeVisible();
  } finally {
    await memberContext.close();
    await restore();
  }
});
