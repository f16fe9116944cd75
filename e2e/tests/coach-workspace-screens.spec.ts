import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, moveToDay, signInOverHttp } from './helpers';

// Every screen of the coach's workspace on a phone (390 px) and a laptop (1280 px):
// the dashboard's card (which opens the member), the member page with its grid, chart, status
// and Adjust dialog, the chat with the member beside it (a strip that opens on a phone) and the
// saved-replies dialog. Nothing may end past the screen's right edge. Each screen is kept as a
// screenshot in the test's output (test-results/) to look at.

const origin = () => ({ origin: new URL(test.info().project.use.baseURL!).origin });

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** Ends inside the screen (a box past its right edge is cut off or scrolls the page sideways). */
async function expectFits(page: Page, width: number, things: Record<string, Locator>) {
  for (const [name, thing] of Object.entries(things)) {
    await expect(thing, `${name} is shown`).toBeVisible();
    const box = await thing.boundingBox();
    expect(box, `${name} is on screen`).not.toBeNull();
    expect(box!.x, `${name} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${name} ends inside the screen`).toBeLessThanOrEqual(width);
  }
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, 'the page does not scroll sideways').toBeLessThanOrEqual(0);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const viewport of SIZES) {
  test(`at ${viewport.width} px the coach's workspace fits: attention card, member page, Adjust dialog, chat with the member, saved replies`, async ({
    browser,
    page: member,
    burnMember: { email, name },
  }) => {
    // Day 5 with days 3 and 4 missed: on the dashboard's card.
    await moveToDay(member, email, 5);
    for (const day of [1, 2])
      expect(
        (await member.request.post('/api/program/complete', { data: { day }, headers: origin() })).ok(),
      ).toBe(true);
    const wellness = await member.request.put('/api/program/wellness', {
      data: { day: 5, feeling: 3, energy: 4 },
      headers: origin(),
    });
    expect(wellness.ok()).toBe(true);
    const topic = await member.request.post('/api/coaching/topics', {
      data: { title: 'Hips sag on the last set of every plank' },
      headers: origin(),
    });
    const { topic: created } = (await topic.json()) as { topic: { id: string; userId: string } };
    const w = viewport.width;

    const coachContext = await browser.newContext({ viewport });
    const coach = await coachContext.newPage();
    await signInOverHttp(coachContext, ADMIN);
    await coach.goto('/admin');
    const card = coach.getByRole('link', { name: new RegExp(`${name}.*Missed 2 days in a row · day 5`) });
    await expectFits(coach, w, { 'the attention card row': card });
    await shot(coach, `${w}-dashboard`);

    await card.click();
    await expect(coach.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(coach.getByRole('status', { name: 'Subscription' })).toContainText(/^Active/);
    await expectFits(coach, w, {
      'the subscription status': coach.getByRole('status', { name: 'Subscription' }),
      'the 28-day grid': coach.getByRole('list', { name: '28-day grid' }),
      'the wellness chart': coach.getByRole('img', { name: 'Feeling and energy per day' }),
      'the remaining days': coach.getByRole('list', { name: 'Remaining days' }),
      'the Adjust button': coach.getByRole('button', { name: 'Adjust day 6' }),
      'the topic': coach.getByRole('link', { name: /Hips sag on the last set/ }),
    });
    // Each day's cell holds its text, and the chart's numbers stay readable when it shrinks.
    const spilling = await coach
      .getByRole('list', { name: '28-day grid' })
      .getByRole('listitem')
      .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.ariaLabel));
    expect(spilling, 'day cells whose text runs past their edge').toEqual([]);
    const labelHeights = await coach
      .getByRole('img', { name: 'Feeling and energy per day' })
      .locator('text')
      .evaluateAll((labels) => labels.map((l) => l.getBoundingClientRect().height));
    expect(Math.min(...labelHeights), "the chart's smallest label, in px").toBeGreaterThanOrEqual(10);
    await shot(coach, `${w}-member`);
    await coach.getByRole('button', { name: 'Adjust day 6' }).click();
    const adjust = coach.getByRole('dialog', { name: 'Adjust day 6' });
    await expectFits(coach, w, {
      'the Adjust dialog': adjust,
      'its exercise': adjust.getByLabel('Exercise'),
      'its note': adjust.getByLabel('Note for the member'),
      'its save button': adjust.getByRole('button', { name: 'Save day 6' }),
    });
    await coach.screenshot({ path: test.info().outputPath(`${w}-adjust-dialog.png`) });
    await coach.keyboard.press('Escape');
    await expect(adjust).toBeHidden();

    await coach.goto(`/admin/chat/${created.userId}/${created.id}`);
    await expect(coach.getByRole('log', { name: 'Messages' })).toBeVisible();
    if (w < 1280) {
      // Below 1280 px the member is a strip above the messages that opens.
      const strip = coach.getByRole('group', { name: 'Member details' });
      await expect(strip).toContainText('Core28 · round 1 · day 5 · streak 0');
      await strip.locator('summary').click();
      await expect(strip).toContainText('Day 5 of 28');
      await expect(strip).toContainText('Day 5: feeling 3/5, energy 4/5');
      await expectFits(coach, w, {
        'the member strip': strip,
        'its link to the member': strip.getByRole('link', { name: 'Open member' }),
      });
    } else {
      const panel = coach.getByRole('complementary', { name: 'Member' });
      await expect(panel).toContainText('Day 5 of 28');
      await expectFits(coach, w, { 'the member panel': panel });
    }
    await expectFits(coach, w, {
      'the reply box': coach.getByRole('textbox', { name: 'Reply' }),
      'the saved replies': coach.getByRole('combobox', { name: 'Insert a saved reply' }),
      'the attach button': coach.getByRole('button', { name: 'Attach a photo or video' }),
    });
    await shot(coach, `${w}-chat`);

    await coach.getByRole('button', { name: 'Manage' }).click();
    const replies = coach.getByRole('dialog', { name: 'Saved replies' });
    await expectFits(coach, w, {
      'the saved-replies dialog': replies,
      'its title': replies.getByLabel('Title'),
      'its reply': replies.getByLabel('Reply'),
      'its add button': replies.getByRole('button', { name: 'Add saved reply' }),
    });
    await coach.screenshot({ path: test.info().outputPath(`${w}-saved-replies.png`) });
    await coachContext.close();
  });
}
