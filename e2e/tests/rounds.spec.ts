import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectToast, moveToDay, paidMember } from './helpers';

// Rounds of a program (docs/decisions/0026) as a member meets them on a phone: the end of a round
// and its results, a break and where to take it up again, and a beginner's gentler start.

test.use({ viewport: { width: 390, height: 844 } });

const origin = () => ({ origin: new URL(test.info().project.use.baseURL!).origin });

/** Serious or critical WCAG 2.1 A/AA violations on the page (docs/testing.md). */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Days `from`..`to` completed over HTTP (the server checks each against today's day). */
async function completeDays(context: BrowserContext, from: number, to: number) {
  for (let day = from; day <= to; day++) {
    const done = await context.request.post('/api/program/complete', { data: { day }, headers: origin() });
    expect(done.ok(), `day ${day}`).toBe(true);
  }
}

/**
 * Today's session from the card to its finish screen: every timed step runs out while the page's
 * clock jumps ten minutes, each set of reps ends with Done. Then Finish.
 */
/** The page's clock (Date), only ever moved on: a session never runs backwards. */
let pageTime = Date.now();

async function trainToday(page: Page, day: number, summary?: string) {
  const today = page.getByRole('region', { name: `Today's Exercise · Day ${day}` });
  await today.getByRole('link', { name: 'Start workout' }).click();
  await expect(page).toHaveURL(new RegExp(`/program/day/${day}/session$`));
  await page.getByRole('button', { name: 'Start' }).click();
  const done = page.getByRole('heading', { name: `Day ${day} done!` });
  pageTime = Math.max(pageTime, Date.now());
  await expect(async () => {
    pageTime += 600_000;
    await page.clock.setFixedTime(pageTime);
    const doneButton = page.getByRole('button', { name: 'Done', exact: true });
    if (await doneButton.isVisible()) await doneButton.click();
    await expect(done).toBeVisible({ timeout: 300 });
  }).toPass({ timeout: 60_000 });
  if (summary) await expect(page.getByText(summary, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
}

test('a member finishes day 28, sees the results, shares the image and trains day 1 of round 2', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000); // two whole sessions
  const { email } = await paidMember(context, 'daily-core-monthly');
  await moveToDay(page, email, 28);
  await completeDays(context, 1, 27);
  // The phone's share sheet, as a test can see it: what it was given.
  await page.addInitScript(() => {
    const w = window as unknown as { shared: { name: string; type: string; size: number }[] };
    w.shared = [];
    Object.assign(navigator, {
      canShare: (data: { files?: File[] }) => Boolean(data.files?.length),
      share: async (data: { files: File[] }) => {
        for (const file of data.files) w.shared.push({ name: file.name, type: file.type, size: file.size });
      },
    });
  });

  await page.goto('/program');
  await expect(page.getByRole('heading', { name: 'Day 28 of 28' })).toBeVisible();
  await trainToday(page, 28);

  // The last day leads to the round's results, not back to /program with toasts.
  await expect(page).toHaveURL(/\/program\/rounds\/1$/);
  await expect(page.getByRole('heading', { name: 'Round complete' })).toBeVisible();
  await expect(page.getByText('Core28 · Round 1')).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText('28 of 28');
  await expect(page.getByRole('heading', { name: 'Week by week' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Week 4: days done' })).toHaveAttribute(
    'aria-valuenow',
    '7',
  );
  await expect(page.getByRole('heading', { name: 'Your bests' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The share image: on the page, to the share sheet as a PNG file, and as a download.
  const image = page.getByRole('img', { name: 'Your results of Core28, round 1' });
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1080);
  await page.getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: { type: string }[] }).shared))
    .toEqual([{ name: 'core28-round-1.png', type: 'image/png', size: expect.any(Number) }]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download image' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('core28-round-1.png');
  const bytes = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));

  // /program says when the round ended, never a Start button on day 28.
  await page.goto('/program');
  await expect(page.getByRole('heading', { name: /^Round 1 finished on [A-Z][a-z]+ \d+$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: "Today's Exercise · Day 28" })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'See your results' })).toHaveAttribute(
    'href',
    '/program/rounds/1',
  );

  await page.getByRole('button', { name: 'Start round 2 — harder' }).click();
  await expectToast(page, 'Round 2 started');
  await expect(page).toHaveURL(/\/program$/);
  await expect(page.getByText('Core28 Round 2+ · Round 2')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Day 1 of 28' })).toBeVisible();
  await trainToday(page, 1);
  await expect(page).toHaveURL(/\/program$/);
  await expectToast(page, 'Great job completing Day 1!');
  await expect(page.getByRole('article', { name: 'Day 1' }).getByText('Completed')).toBeVisible();
  const state = await (await context.request.get('/api/program')).json();
  expect(state.round).toMatchObject({ number: 2, program: { slug: 'core28-round-2' }, lastCompletedDay: 1 });
});

test('a member back on day 60 after stopping at day 20 puts the offer away for today, then continues from day 21', async ({
  page,
  context,
}) => {
  const { email } = await paidMember(context, 'daily-core-monthly');
  await moveToDay(page, email, 60);
  await completeDays(context, 1, 20);

  await page.goto('/');
  const behind = page.getByRole('region', { name: 'Pick up where you left off' });
  await expect(behind).toContainText('You stopped after day 20 of Core28.');
  await expect(behind.getByRole('link', { name: 'Browse programs' })).toHaveAttribute('href', '/programs');
  // The choice comes first: no session of day 28 to start while it is offered.
  const day28 = page.getByRole('region', { name: "Today's Exercise · Day 28" });
  await expect(day28).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await behind.getByRole('button', { name: 'Not today' }).click();
  await expect(behind).toHaveCount(0);
  await expect(day28).toBeVisible();
  await page.goto('/program');
  await expect(page.getByRole('heading', { name: 'Day 28 of 28' })).toBeVisible();
  await expect(behind).toHaveCount(0);

  // Tomorrow it is back (the day it was put away for is stored, not "for ever").
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('core28.behind-dismissed.')) localStorage.setItem(key, '2000-01-01');
  });
  await page.reload();
  await behind.getByRole('button', { name: 'Continue from day 21' }).click();
  await expectToast(page, 'Day 21 is today.');
  await expect(page.getByRole('heading', { name: 'Day 21 of 28' })).toBeVisible();
  await expect(behind).toHaveCount(0);
  await expect(page.getByRole('region', { name: "Today's Exercise · Day 21" })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Week 3: Power & Conditioning' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('article', { name: 'Day 20' }).getByText('Completed')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Day 21' }).getByText('Today')).toBeVisible();
});

test('a beginner with a plan takes the Foundations offer in one tap and trains its day 1', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await paidMember(context, 'daily-core-monthly');
  const profile = await context.request.patch('/api/profile', {
    data: { fitnessLevel: 'beginner' },
    headers: origin(),
  });
  expect(profile.ok()).toBe(true);

  await page.goto('/program');
  const offer = page.getByRole('region', { name: 'New to core training? Try Foundations — 21 gentler days' });
  await offer.getByRole('button', { name: 'Start Foundations' }).click();
  await expectToast(page, 'Foundations started');
  await expect(offer).toHaveCount(0);
  // The member's second round (Core28 was their first), of Foundations.
  await expect(page.getByText('Foundations · Round 2', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Day 1 of 21' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Week 1', 'Week 2', 'Week 3']);

  const session = (await (await context.request.get('/api/program/days/1/session')).json()) as {
    round: { program: { slug: string } };
    exercises: { exercise: { name: string }; prescription: { sets: number } }[];
  };
  expect(session.round.program.slug).toBe('foundations');
  expect(session.exercises.length).toBeGreaterThan(1);
  // The finish screen counts each exercise's own sets (its reps sets ended with Done, all done).
  const sets = session.exercises.reduce((total, item) => total + item.prescription.sets, 0);
  await trainToday(page, 1, `All ${session.exercises.length} exercises, ${sets} sets. Great work.`);
  await expect(page).toHaveURL(/\/program$/);
  await expect(page.getByRole('article', { name: 'Day 1' }).getByText('Completed')).toBeVisible();
  const state = await (await context.request.get('/api/program')).json();
  expect(state.round).toMatchObject({ number: 2, program: { slug: 'foundations' }, lastCompletedDay: 1 });
});

test("a trial member's offer and library say which plan opens them; a paid member confirms a new program", async ({
  page,
  context,
  member: _member,
}) => {
  await context.request.patch('/api/profile', { data: { fitnessLevel: 'beginner' }, headers: origin() });
  await page.goto('/');
  const offer = page.getByRole('region', { name: 'New to core training? Try Foundations — 21 gentler days' });
  await expect(offer).toContainText('Foundations comes with The Daily Core.');
  expect(await seriousViolations(page)).toEqual([]);
  await expect(offer.getByRole('link', { name: 'Choose The Daily Core' })).toHaveAttribute(
    'href',
    /\/subscription\/signup\?plan=daily-core/,
  );

  await page.goto('/programs');
  const express = page.getByRole('article', { name: 'Express' });
  await expect(express).toContainText('14 days');
  await expect(express).toContainText('Needs The Daily Core');
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByRole('article', { name: 'Core28', exact: true })).toContainText('Your program');
});

test('a paid member starts Express from the library after confirming that the round ends', async ({
  page,
  context,
}) => {
  await paidMember(context, 'daily-core-monthly');
  await page.goto('/program');
  await page.getByRole('link', { name: 'All programs' }).click();
  await expect(page).toHaveURL(/\/programs$/);
  await page.getByRole('article', { name: 'Express' }).getByRole('button', { name: 'Start Express' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start Express?' });
  await expect(dialog).toContainText('Your current round ends; its history stays.');
  await dialog.getByRole('button', { name: 'Start Express' }).click();
  await expect(page).toHaveURL(/\/program$/);
  await expect(page.getByRole('heading', { name: 'Day 1 of 14' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveText(['Week 1', 'Week 2']);
  const history = (await (await context.request.get('/api/rounds')).json()) as { rounds: { slug: string }[] };
  expect(history.rounds.map((r) => r.slug)).toEqual(['express', 'core28']);
});

test('offline, the library and the behind card open from what the phone kept; continuing says it needs the network', async ({
  page,
  context,
}) => {
  const { email } = await paidMember(context, 'daily-core-monthly');
  await moveToDay(page, email, 10);
  await page.goto('/programs');
  await expect(page.getByRole('article', { name: 'Express' })).toBeVisible();
  await page.goto('/program');
  const kept = () =>
    page.evaluate(async () =>
      (await (await caches.open('core28-member-v1')).keys()).map((r) => new URL(r.url).pathname),
    );
  await expect
    .poll(kept, { timeout: 30_000 })
    .toEqual(expect.arrayContaining(['/api/program', '/api/programs']));

  await context.setOffline(true);
  await page.reload();
  const behind = page.getByRole('region', { name: 'Pick up where you left off' });
  await behind.getByRole('button', { name: 'Continue from day 1' }).click();
  await expectToast(page, 'Starting or continuing a round needs a connection');
  await expect(page.getByRole('heading', { name: 'Day 10 of 28' })).toBeVisible();
  await page.getByRole('link', { name: 'All programs' }).click();
  await expect(page.getByRole('article', { name: 'Express' })).toBeVisible();

  await context.setOffline(false);
  await page.goto('/program');
  await behind.getByRole('button', { name: 'Continue from day 1' }).click();
  await expect(page.getByRole('heading', { name: 'Day 1 of 28' })).toBeVisible();
});
