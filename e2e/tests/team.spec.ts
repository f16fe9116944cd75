import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ADMIN, expectToast, followMailLink, PASSWORD, signInOverHttp } from './helpers';

// The owner invites a coach; the coach, new to Core28, creates an account through the link,
// confirms it, accepts, and sets a name and photo; the owner's team page lists them, and a member
// the owner gives them sees them on their 1-on-1 page. On a phone (390 px) and a laptop (1280 px),
// each screen kept as a screenshot in the test's output.

const origin = () => ({ origin: new URL(test.info().project.use.baseURL!).origin });
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
/** An 8×8 PNG: the server re-encodes it to the coach's 512 px photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNQWlWOFTEMLQkAeFlQwYvuevQAAAAASUVORK5CYII=',
  'base64',
);
const INVITE_SUBJECT = 'You are invited to the Core28 team';

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const viewport of SIZES) {
  test(`at ${viewport.width} px the owner invites a coach who joins, sets a profile, and coaches a member`, async ({
    browser,
    page: member,
    burnMember,
  }) => {
    const w = viewport.width;
    const coachEmail = `coach-${randomUUID().slice(0, 8)}@example.com`;
    const coachName = `Dana ${randomUUID().slice(0, 4)}`;

    const ownerContext = await browser.newContext({ viewport });
    const owner = await ownerContext.newPage();
    await signInOverHttp(ownerContext, ADMIN);
    await owner.goto('/admin/team');
    await expect(owner.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    const invite = owner.getByRole('form', { name: 'Invite someone' });
    await invite.getByLabel('E-mail').fill(coachEmail);
    await expect(invite.getByRole('checkbox', { name: 'Coach', exact: true })).toBeChecked();
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expectToast(owner, `Invitation sent to ${coachEmail}`);
    await expect(owner.getByText(coachEmail, { exact: true })).toBeVisible();

    // The coach opens the link, creates an account with the invited address and confirms it.
    const coachContext = await browser.newContext({ viewport });
    const coach = await coachContext.newPage();
    await followMailLink(coach, coachEmail, INVITE_SUBJECT, 'Join the team');
    await expect(coach.getByRole('heading', { name: 'Join the Core28 team' })).toBeVisible();
    await expect(coach.getByText('You are invited as Coach.')).toBeVisible();
    await shot(coach, `${w}-join-signed-out`);
    await coach.getByRole('link', { name: 'Create an account' }).click();
    await coach.getByLabel('Email').fill(coachEmail);
    await coach.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await coach.getByLabel('Confirm Password').fill(PASSWORD);
    await coach.getByRole('button', { name: 'Create Account' }).click();
    await expect(coach.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await followMailLink(coach, coachEmail, 'Confirm your Core28 account', 'Confirm my e-mail');
    await expect(coach).not.toHaveURL(/\/auth/);

    // Signed in now: the link again, one button.
    await followMailLink(coach, coachEmail, INVITE_SUBJECT, 'Join the team');
    await coach.getByRole('button', { name: 'Accept and join the team' }).click();
    await expect(coach).toHaveURL(/\/admin\/coach-profile$/);
    await expect(coach.getByRole('heading', { name: 'My coach profile' })).toBeVisible();
    await coach.getByLabel('Name').fill(coachName);
    await coach
      .getByLabel('Short bio')
      .fill('Pilates teacher. Ten years of core work, and a soft spot for planks.');
    await coach.getByRole('button', { name: 'Save profile' }).click();
    await expectToast(coach, 'Profile saved');
    await coach.getByLabel('Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expectToast(coach, 'Photo saved');
    await expect(coach.locator('img[src*="coaches"]').first()).toBeVisible();
    await shot(coach, `${w}-coach-profile`);

    // The owner's team page lists the coach; the owner gives them seats.
    await owner.reload();
    await expect(owner.getByRole('heading', { level: 3, name: coachName })).toBeVisible();
    await owner.getByRole('button', { name: `Edit ${coachName}` }).click();
    const dialog = owner.getByRole('dialog', { name: coachName });
    await dialog.getByRole('spinbutton', { name: 'Seats' }).fill('3');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(owner, 'Saved');
    await expect(owner.getByRole('article', { name: coachName })).toContainText('3 (3)');
    const sideways = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways, 'the team page does not scroll sideways').toBeLessThanOrEqual(0);
    await shot(owner, `${w}-team`);

    // A member the owner gives to the coach sees them on their 1-on-1 page.
    const me = (await (await member.request.get('/api/me')).json()) as { user: { id: string } };
    const coachId = (
      (await (await owner.request.get('/api/admin/team')).json()) as {
        members: { userId: string; email: string }[];
      }
    ).members.find((m) => m.email === coachEmail)!.userId;
    const moved = await owner.request.put(`/api/admin/users/${me.user.id}/coach`, {
      data: { coachId },
      headers: origin(),
    });
    expect(moved.ok()).toBe(true);
    await member.setViewportSize(viewport);
    await member.goto('/one-on-one');
    const coachCard = member.getByLabel('Your coach');
    await expect(coachCard.getByRole('heading', { name: coachName })).toBeVisible();
    await expect(coachCard).toContainText('Pilates teacher.');
    await expect(coachCard.locator('img')).toBeVisible();
    expect(burnMember.email).toBeTruthy();
    await shot(member, `${w}-member-coach-card`);

    await ownerContext.close();
    await coachContext.close();
  });
}
