import { type Browser, type BrowserContext, chromium, type Locator, type Page } from '@playwright/test';

// Exercise videos where members and the coach see them, at 1280 and 390 px: /exercises,
// the exercise dialog with an uploaded video and with a YouTube embed, the player's work step with
// the video, and /admin/exercises with its program days and video controls. The video is a real
// WebM recorded by Chromium from a canvas; YouTube is not loaded (a placeholder answers for it).
// Usage: npx tsx e2e/tools/video-screenshots.ts http://localhost:3370 /tmp/shots member@example.com
// (a member on day 3 or later; the tool changes day 2's video and day 3's link, and restores both).
const [base = 'http://localhost:3000', outDir = '/tmp/shots', email = process.env.SHOT_EMAIL] =
  process.argv.slice(2);
const PASSWORD = process.env.SHOT_PASSWORD ?? 'Core#2026strong';
const ADMIN = { email: 'admin@core28.local', password: 'Admin#2026' };
const YOUTUBE = 'https://www.youtube.com/watch?v=aaaaaaaaaaa';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const sizes = {
  desktop: { viewport: { width: 1280, height: 800 }, hasTouch: false },
  mobile: { viewport: { width: 390, height: 844 }, hasTouch: true },
};

async function signedIn(b: Browser, account: { email: string; password: string }, size: keyof typeof sizes) {
  const context = await b.newContext({ ...sizes[size], deviceScaleFactor: 1, baseURL: base });
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: account,
    headers: { origin: base },
  });
  if (!res.ok()) throw new Error(`sign-in ${account.email}: ${res.status()}`);
  await context.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<body style="margin:0;display:grid;place-items:center;background:#111;color:#eee;font:16px sans-serif">YouTube embed (offline)</body>',
    }),
  );
  return context;
}

const shot = async (page: Page, name: string, fullPage = false) => {
  // A playing video may keep asking for ranges: networkidle is a wish, not a must.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(600);
  const file = `${outDir}/${name}.png`;
  await page.screenshot({ path: file, fullPage });
  console.log(file);
};

/**
 * Three seconds of a moving shape, recorded as WebM (VP8) by the page. A string, not a function:
 * tsx names inner functions with a helper the page does not have.
 */
const RECORD_WEBM = `(async () => {
  const canvas = document.createElement('canvas');
  canvas.width = 480;
  canvas.height = 360;
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
      g.fillRect(0, 0, 480, 360);
      g.fillStyle = '#e11d48';
      g.fillRect(80 + Math.sin(t * 3) * 40, 200, 320, 40);
      g.fillStyle = '#fff';
      g.font = 'bold 28px sans-serif';
      g.fillText("Coach's video " + t.toFixed(1) + ' s', 110, 120);
      if (t < 3) requestAnimationFrame(frame);
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

/** Until the video shows a frame (the page's CSP allows no string evaluation). */
async function playing(video: Locator) {
  for (let i = 0; i < 50; i++) {
    if (await video.evaluate((v: HTMLVideoElement) => v.readyState >= 2)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Day = { day: number; exercise: { id: number; name: string } };
type Row = {
  id: number;
  name: string;
  exercise: string;
  description: string;
  category: string;
  videoUrl: string | null;
};

const admin = await signedIn(browser, ADMIN, 'desktop');
const adminPage = await admin.newPage();
await adminPage.goto('/');
const { days } = (await (await admin.request.get('/api/admin/program-days')).json()) as { days: Day[] };
const rows = (await (await admin.request.get('/api/admin/exercises')).json()) as Row[];
const [withVideo, withLink] = [days[1]!, days[2]!].map((d) => rows.find((r) => r.id === d.exercise.id)!);
const put = (row: Row, videoUrl: string) =>
  admin.request.put(`/api/admin/exercises/${row.id}`, {
    data: {
      name: row.name,
      exercise: row.exercise,
      description: row.description,
      category: row.category,
      videoUrl,
    },
    headers: { origin: base },
  });

const webm = await recordWebm(adminPage);
const uploaded = await admin.request.post(`/api/admin/exercises/${withVideo!.id}/video`, {
  multipart: { file: { name: 'plank.webm', mimeType: 'video/webm', buffer: webm } },
  headers: { origin: base },
});
if (!uploaded.ok()) throw new Error(`upload: ${uploaded.status()} ${await uploaded.text()}`);
await put(withLink!, YOUTUBE);

async function memberScreens(context: BrowserContext, size: string) {
  const page = await context.newPage();
  await page.goto('/exercises');
  await shot(page, `${size}-exercises`, true);
  await page.getByRole('button', { name: 'Show Details' }).nth(1).scrollIntoViewIfNeeded();
  await shot(page, `${size}-exercises-cards`);
  const card = (name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await card(withVideo!.name).getByRole('button', { name: 'Show Details' }).click();
  await playing(page.getByRole('dialog').locator('video'));
  await shot(page, `${size}-dialog-video`);
  await page.keyboard.press('Escape');
  await card(withLink!.name).getByRole('button', { name: 'Show Details' }).click();
  await shot(page, `${size}-dialog-youtube`);
  await page.keyboard.press('Escape');

  await page.goto('/program/day/2/session');
  await shot(page, `${size}-player-ready-video`);
  await page.getByRole('button', { name: 'Start' }).click();
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Skip' }).click();
  await playing(page.locator('video'));
  await shot(page, `${size}-player-work-video`);
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Start over' }).click();
  await page.close();
}

async function adminScreens(context: BrowserContext, size: string) {
  const page = await context.newPage();
  await page.goto('/admin/exercises');
  await shot(page, `${size}-admin-exercises`, true);
  await page.getByRole('button', { name: `Edit ${withVideo!.name}`, exact: true }).scrollIntoViewIfNeeded();
  await shot(page, `${size}-admin-exercises-list`);
  await page.getByRole('heading', { name: 'Program days' }).scrollIntoViewIfNeeded();
  await shot(page, `${size}-admin-program-days`);
  await page.getByRole('button', { name: `Edit ${withVideo!.name}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Remove video' }).scrollIntoViewIfNeeded();
  await shot(page, `${size}-admin-video-controls`);
  await dialog.getByLabel('Upload a video (MP4 or WebM)').setInputFiles({
    name: 'photo.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from('not a video'),
  });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await dialog.getByRole('alert').waitFor();
  await dialog.getByRole('alert').scrollIntoViewIfNeeded();
  await shot(page, `${size}-admin-video-refused`);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Edit ${withLink!.name}`, exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'Upload', exact: true })
    .scrollIntoViewIfNeeded();
  await shot(page, `${size}-admin-youtube`);
  await page.close();
}

try {
  for (const size of Object.keys(sizes) as (keyof typeof sizes)[]) {
    if (email) {
      const context = await signedIn(browser, { email, password: PASSWORD }, size);
      await memberScreens(context, size);
      await context.close();
    }
    const context = await signedIn(browser, ADMIN, size);
    await adminScreens(context, size);
    await context.close();
  }
} finally {
  await admin.request.delete(`/api/admin/exercises/${withVideo!.id}/video`, { headers: { origin: base } });
  await put(withLink!, withLink!.videoUrl ?? '');
  await browser.close();
}
