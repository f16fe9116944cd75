import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectToast, moveToDay } from './helpers';
import {
  beeps,
  CHANGE,
  type Clock,
  FANFARE,
  recordCues,
  sessionClock,
  TICK,
  vibrations,
  wakeLocks,
} from './session-tools';

// The guided session. Day 3 is Glute Bridge (reps): in week 1, 6 sets of 20 reps with
// 75 s rest, after a 4-minute warm-up (four moves of 1:00) and before a 3-minute cool-down (four
// of 0:45). The page's clock (Date) is the test's: it moves only when the test moves it, while the
// page's timers run as usual, so a jump of minutes is what a sleeping phone sees on waking.

const origin = () => ({ origin: new URL(test.info().project.use.baseURL!).origin });

/** Sets 2 to 6 of day 3, 30 s each, their rests skipped: 150 s and 100 reps. */
async function restOfTheSets(page: Page, clock: Clock, press: (target: Locator) => Promise<void>) {
  for (let set = 2; set <= 6; set++) {
    await expect(page.getByText(`Set ${set} of 6`, { exact: true })).toBeVisible();
    await clock.advance(30);
    await press(page.getByRole('button', { name: 'Done' }));
    if (set < 6) await press(page.getByRole('button', { name: 'Skip' }));
  }
}

test('a member on day 3 trains the whole session from /program, and /program and /progress show it', async ({
  page,
  member: { email },
}) => {
  await moveToDay(page, email, 3);
  await recordCues(page);
  const clock = await sessionClock(page);
  // Wellness logged on /program earlier today: the finish screen shows it chosen (decision 0011).
  const logged = await page.request.put('/api/program/wellness', {
    data: { day: 3, feeling: 2, energy: 5 },
    headers: origin(),
  });
  expect(logged.ok()).toBe(true);

  await page.goto('/program');
  const day5 = page.getByRole('article', { name: 'Day 5' });
  await expect(day5.getByRole('link', { name: 'Start workout' })).toHaveCount(0); // not a future day
  await expect(
    page.getByRole('article', { name: 'Day 1' }).getByRole('link', { name: 'Start workout' }),
  ).toBeVisible();
  const today = page.getByRole('region', { name: "Today's Exercise · Day 3" });
  await expect(today).toContainText('Glute Bridge');
  await expect(today).toContainText('6 sets × 20 reps');
  await today.getByRole('link', { name: 'Start workout' }).click();

  await expect(page).toHaveURL(/\/program\/day\/3\/session$/);
  await expect(page.getByRole('heading', { name: 'Glute Bridge' })).toBeVisible();
  expect(await wakeLocks(page)).toEqual([]);
  await page.getByRole('button', { name: 'Start' }).click();
  await expect.poll(() => wakeLocks(page)).toEqual(['request']); // the screen stays on

  // Warm-up: the countdown, and the cues at 3, 2, 1 and at the change of step.
  const timer = page.getByRole('timer');
  await expect(page.getByRole('heading', { name: 'March in place' })).toBeVisible();
  await expect(timer).toHaveText('1:00');
  await expect(page.getByText('March on the spot, lifting your knees to hip height.')).toBeVisible();
  await expect(page.getByText('Next: Arm circles · 1:00')).toBeVisible();
  await clock.advance(10);
  await expect(timer).toHaveText('0:50');
  await clock.advance(47);
  for (const left of ['0:03', '0:02', '0:01']) {
    await expect(timer).toHaveText(left);
    await clock.advance(1);
  }
  await expect(page.getByRole('heading', { name: 'Arm circles' })).toBeVisible();
  await expect(timer).toHaveText('1:00');
  expect(await vibrations(page)).toEqual([60, 60, 60, 250]);
  expect(await beeps(page)).toEqual([TICK, TICK, TICK, CHANGE]);

  // A backgrounded tab: no timer runs for three minutes, the page comes back on set 1.
  await clock.advance(180);
  await expect(page.getByText('Set 1 of 6', { exact: true })).toBeVisible();
  await expect(page.getByText('Target 20 reps')).toBeVisible();
  await expect(page.getByText('Glute Bridge: 20 reps.')).toBeVisible();
  await expect(page.getByText('Next: Rest · 1:15')).toBeVisible();
  const reps = page.getByRole('status', { name: 'Reps done' });
  await expect(reps).toHaveText('20');
  await page.getByRole('button', { name: 'One rep more' }).click();
  await page.getByRole('button', { name: 'One rep more' }).click();
  await expect(reps).toHaveText('22');
  await clock.advance(20);
  await page.getByRole('button', { name: 'Done' }).click();

  // Rest, paused for a minute with the space bar: the clock stands still.
  await expect(page.getByRole('heading', { name: 'Rest' })).toBeVisible();
  await expect(page.getByText('Breathe and shake it out. Set 2 of 6 is next.')).toBeVisible();
  await expect(page.getByText('Next: Glute Bridge, set 2 of 6 · 20 reps')).toBeVisible();
  await clock.advance(15);
  await expect(timer).toHaveText('1:00');
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect.poll(() => wakeLocks(page)).toEqual(['request', 'release']); // paused: it may sleep
  await clock.advance(60);
  await expect(timer).toHaveText('1:00');
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect.poll(() => wakeLocks(page)).toEqual(['request', 'release', 'request']);

  // Sound and vibration off with one tap, remembered: the next change is silent.
  const sound = page.getByRole('button', { name: 'Sound and vibration' });
  await sound.click();
  await expect(sound).toHaveAttribute('aria-pressed', 'false');
  const felt = (await vibrations(page)).length;
  const heard = (await beeps(page)).length;
  await clock.advance(60);
  await expect(page.getByText('Set 2 of 6', { exact: true })).toBeVisible();
  expect(await vibrations(page)).toHaveLength(felt);
  expect(await beeps(page)).toHaveLength(heard);

  // A reload in the middle of set 2 comes back to it.
  await page.reload();
  await expect(page.getByText('Set 2 of 6', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sound and vibration' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await restOfTheSets(page, clock, (target) => target.click());
  await expect(page.getByRole('heading', { name: "Child's pose" })).toBeVisible();
  await clock.advance(180);

  // The finish screen: 240 s warm-up + 20 + 75 rest (a minute paused left out) + 150 + 180 s cool-down.
  await expect(page.getByRole('heading', { name: 'Day 3 done!' })).toBeVisible();
  await expect(page.getByText('11:05')).toBeVisible();
  const total = page.getByLabel('Reps', { exact: true });
  await expect(total).toHaveValue('122');
  await total.fill('120');
  await expect(page.getByRole('radio', { name: '2 / 5' })).toBeChecked();
  await expect(page.getByRole('radio', { name: '100%' })).toBeChecked();
  await page.getByText('4 / 5').click(); // energy stays as logged
  await page.getByRole('button', { name: 'Finish' }).click();
  // One toast says it all: the day done and the wellness saved.
  await expectToast(page, 'Great job completing Day 3! Your wellness data for Day 3 has been saved.');
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);

  await expect(page).toHaveURL(/\/program$/);
  await expect(page.getByRole('article', { name: 'Day 3' }).getByText('Completed')).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Day 3' }).getByRole('link', { name: 'Replay' }),
  ).toBeVisible();
  const strip = page.getByRole('region', { name: 'Log your time and reps' }).locator('[data-day="3"]');
  await expect(strip.getByLabel('Time (mm:ss)')).toHaveValue('11:05');
  await expect(strip.getByLabel('Reps')).toHaveValue('120');

  await page.goto('/progress');
  await expect(page.getByText('Good · Full of energy')).toBeVisible();
  await expect(page.locator('dl').first().getByText('1 day', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Chart of time and reps for 1 logged days' })).toBeVisible();

  // Nothing kept once saved: the player starts afresh.
  await page.goto('/program/day/3/session');
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(page.getByText('You completed Day 3.')).toBeVisible();
});

test.describe('at 390 px with a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the same journey with taps, no scrolling during a set; a future day cannot start', async ({
    page,
    member: { email },
  }) => {
    await moveToDay(page, email, 3);
    await recordCues(page);
    const clock = await sessionClock(page);
    await page.goto('/program');
    const start = page.getByRole('region', { name: "Today's Exercise · Day 3" }).getByRole('link', {
      name: 'Start workout',
    });
    const box = await start.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844); // on the first screen
    await start.tap();
    await page.getByRole('button', { name: 'Start' }).tap();
    await clock.advance(240);

    await expect(page.getByText('Set 1 of 6', { exact: true })).toBeVisible();
    const fits = () => page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight);
    expect(await fits()).toBe(true);
    for (const name of ['Done', 'One rep more', 'One rep fewer', 'Pause', 'Skip']) {
      const target = await page.getByRole('button', { name }).boundingBox();
      expect(Math.min(target!.width, target!.height), name).toBeGreaterThanOrEqual(44);
    }
    await page.getByRole('button', { name: 'One rep fewer' }).tap();
    await expect(page.getByRole('status', { name: 'Reps done' })).toHaveText('19');
    await clock.advance(20);
    await page.getByRole('button', { name: 'Done' }).tap();
    await expect(page.getByRole('timer')).toHaveText('1:15');
    expect(await fits()).toBe(true);

    // Out of the player for ten minutes: it paused on the way out, and today's card offers it back.
    await page.getByRole('link', { name: 'Leave workout' }).tap();
    await expect(page).toHaveURL(/\/program$/);
    // The URL changes before the player leaves the screen (while /program loads): the clock moves
    // on only once today's card has taken its place, or the player would still be running.
    const today = page.getByRole('region', { name: "Today's Exercise · Day 3" });
    await expect(today).toBeVisible();
    await clock.advance(600);
    await today.getByRole('link', { name: 'Resume workout' }).tap();
    await expect(page.getByRole('timer')).toHaveText('1:15');
    await page.getByRole('button', { name: 'Resume' }).tap();
    await page.getByRole('button', { name: 'Skip' }).tap();
    await restOfTheSets(page, clock, (target) => target.tap());
    await clock.advance(180);

    await expect(page.getByRole('heading', { name: 'Day 3 done!' })).toBeVisible();
    await expect.poll(async () => (await beeps(page)).slice(-3)).toEqual(FANFARE);
    await expect(page.getByText('9:50')).toBeVisible(); // 240 + 20 + 150 + 180 s
    await expect(page.getByLabel('Reps', { exact: true })).toHaveValue('119');
    await page.getByText('5 / 5').tap();
    await page.getByText('75%').tap();
    await page.getByRole('button', { name: 'Finish' }).tap();
    await expectToast(page, 'Great job completing Day 3!');
    await expect(page.getByRole('article', { name: 'Day 3' }).getByText('Completed')).toBeVisible();

    await page.goto('/program/day/5/session');
    await expect(page.getByRole('alert')).toHaveText('Day 5 has not started yet');
    await page.getByRole('link', { name: 'Back to your program' }).tap();
    await expect(page).toHaveURL(/\/program$/);
  });

  test('a timed set fits the screen; leaving with Back pauses it', async ({ page, member: { email } }) => {
    await moveToDay(page, email, 2); // Forearm Plank: 6 sets of 1:00, 75 s rest
    const clock = await sessionClock(page);
    await page.goto('/program');
    const today = page.getByRole('region', { name: "Today's Exercise · Day 2" });
    await today.getByRole('link', { name: 'Start workout' }).tap();
    await page.getByRole('button', { name: 'Start' }).tap();
    await clock.advance(260);

    await expect(page.getByText('Set 1 of 6', { exact: true })).toBeVisible();
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText('0:40');
    await expect(page.getByText('Forearm Plank: 60 seconds.')).toBeVisible();
    await expect(page.getByText('Next: Rest · 1:15')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
    for (const name of ['Pause', 'Skip', 'Leave workout', 'Sound and vibration']) {
      const target = await page
        .getByRole(name === 'Leave workout' ? 'link' : 'button', { name })
        .boundingBox();
      expect(Math.min(target!.width, target!.height), name).toBeGreaterThanOrEqual(44);
    }

    // The phone's Back button, not the player's own way out: the clock stops all the same.
    await page.goBack();
    await expect(page).toHaveURL(/\/program$/);
    await expect(today).toBeVisible(); // the player has left the screen (see the journey above)
    await clock.advance(600);
    await today.getByRole('link', { name: 'Resume workout' }).tap();
    await expect(timer).toHaveText('0:40');
    await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
  });
});
