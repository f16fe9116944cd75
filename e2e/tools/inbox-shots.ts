import { type BrowserContext, chromium } from '@playwright/test';
import { ADMIN, paidMember, signInOverHttp } from '../tests/helpers';

// Usage: E2E_PORT=3178 npx tsx e2e/tools/inbox-shots.ts http://localhost:3178 /tmp/shots
// The coach's inbox and the support inbox at 390 px and desktop, light and dark, on a server
// started for it (NODE_ENV=test: its clock moves with /dev/clock): one member waiting past the
// reply target, one waiting a few hours, one answered; contact messages from a 1-on-1 Burn
// member, a Daily Core member and a visitor.
const [base = 'http://localhost:3178', outDir = '/tmp/shots'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const headers = { origin: base };
const hour = 3_600_000;
const start = Date.now();
const setClock = (context: BrowserContext, at: Date | null) =>
  context.request.post(`${base}/dev/clock`, { data: { at: at?.toISOString() ?? null } });

async function member(name: string, plan: 'burn-monthly' | 'daily-core-monthly') {
  const context = await browser.newContext({ baseURL: base });
  const { email } = await paidMember(context, plan, name);
  return { context, email };
}
async function talk(context: BrowserContext, title: string, message: string) {
  const topic = await context.request.post(`${base}/api/coaching/topics`, {
    data: { title, description: '' },
    headers,
  });
  const { topic: created } = (await topic.json()) as { topic: { id: string } };
  await context.request.post(`${base}/api/coaching/topics/${created.id}/messages`, {
    data: { message },
    headers,
  });
  return created.id;
}

const coach = await browser.newContext({ baseURL: base });
await signInOverHttp(coach, ADMIN);
const lena = await member('Lena Park', 'burn-monthly');
const omar = await member('Omar Haddad', 'burn-monthly');
const ruth = await member('Ruth Adler', 'burn-monthly');
const dan = await member('Dan Cole', 'daily-core-monthly');

await setClock(coach, new Date(start - 30 * hour));
await talk(
  lena.context,
  'Knee pain in the lunges',
  'My left knee clicks at the bottom of each lunge. Should I stop?',
);
await setClock(coach, new Date(start - 3 * hour));
await talk(omar.context, 'Nutrition on rest days', 'How much protein on days without training?');
await setClock(coach, new Date(start - 1 * hour));
const answered = await talk(ruth.context, 'Day 12 felt easy', 'Day 12 felt easy, can I add a set?');
await coach.request.post(`${base}/api/admin/coaching/topics/${answered}/replies`, {
  data: { message: 'Yes: add one set of the plank, and tell me how it goes.' },
  headers,
});
await setClock(coach, new Date(start));
for (const [name, email, message] of [
  ['Visitor Vera', 'vera@example.com', 'Do you offer gift cards for the 28-day program?'],
  ['Dan Cole', dan.email, 'My invoice shows the wrong address. Can you change it?'],
  ['Lena Park', lena.email, 'I was charged twice this month for 1-on-1 Burn. Please help.'],
] as const)
  await coach.request.post(`${base}/api/contact`, { data: { name, email, message }, headers });

const sizes = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
for (const path of ['/admin/one-on-one', '/admin/one-on-one?view=all', '/admin/support'])
  for (const [name, viewport] of Object.entries(sizes))
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await coach.newPage();
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(400);
      const file = `${outDir}/inbox-${name}-${colorScheme}${path.replace(/[/?=]/g, '_')}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await page.close();
    }
await setClock(coach, null);
await browser.close();
