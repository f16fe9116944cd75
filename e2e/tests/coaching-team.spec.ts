import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type BrowserContext, expect, test } from '@playwright/test';
import { Secret, TOTP, URI } from 'otpauth';
import { ADMIN, confirmedMember, expectToast, PASSWORD, paidMember, submitSignIn } from './helpers';
import { type OwnServer, startOwnServer } from './own-server';

// A coaching team as production runs it (STAFF_TWO_FACTOR required, on a server of its own): the
// owner invites a coach; the coach joins, signs in with their password and an authenticator code,
// sees only the member given to them (not the owner's other member), answers; and the member, with
// the conversation open, sees the reply arrive live under the coach's name and photo. At a phone's
// width and a laptop's for the coach; the member on a phone.

const PORT_OFFSET = 8;
const BASE = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + PORT_OFFSET}`;
const origin = { origin: BASE };
/** An 8×8 PNG: the server re-encodes it to the coach's photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNQWlWOFTEMLQkAeFlQwYvuevQAAAAASUVORK5CYII=',
  'base64',
);

let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer(PORT_OFFSET, '.e2e-data-coaching-team');
});
test.afterAll(() => server?.stop());
test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

/**
 * Turns on an authenticator app for the account signed in on `request` (password, then the
 * app's first code), as the profile page does; the session is then one that passed it.
 */
async function enrolOverHttp(request: APIRequestContext, password: string) {
  const enabled = await request.post('/api/auth/two-factor/enable', { data: { password }, headers: origin });
  expect(enabled.ok()).toBe(true);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const secret = (URI.parse(totpURI) as TOTP).secret.base32;
  const verified = await request.post('/api/auth/two-factor/verify-totp', {
    data: { code: codeOf(secret) },
    headers: origin,
  });
  expect(verified.ok()).toBe(true);
  return secret;
}

/** The link in the newest mail to `to` with this subject (the dev mailbox, as JSON). */
async function mailLink(request: APIRequestContext, to: string, subject: string) {
  let url: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/dev/mail.json?to=${encodeURIComponent(to)}`)).json()) as {
        subject: string;
        meta: { url?: string };
      }[];
      url = mails.find((mail) => mail.subject === subject)?.meta.url;
      return url;
    })
    .toBeTruthy();
  return new URL(url!);
}

async function ownerSignedIn(context: BrowserContext) {
  const signedIn = await context.request.post('/api/auth/sign-in/email', { data: ADMIN, headers: origin });
  expect(signedIn.ok()).toBe(true);
}

/** The owner, signed in with their second factor (enrolled on the first call) inside `context`. */
let ownerSecret = '';
async function owner(context: BrowserContext) {
  if (!ownerSecret) {
    await ownerSignedIn(context);
    ownerSecret = await enrolOverHttp(context.request, ADMIN.password);
    return context.request;
  }
  const password = await context.request.post('/api/auth/sign-in/email', { data: ADMIN, headers: origin });
  expect(((await password.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
  // A code is good once: wait for the next one when the enrolment's is still current.
  await expect
    .poll(
      async () =>
        (
          await context.request.post('/api/auth/two-factor/verify-totp', {
            data: { code: codeOf(ownerSecret) },
            headers: origin,
          })
        ).ok(),
      { intervals: [1000], timeout: 40_000 },
    )
    .toBe(true);
  return context.request;
}

async function startTopic(request: APIRequestContext, title: string, message: string) {
  const topic = await request.post('/api/coaching/topics', { data: { title }, headers: origin });
  expect(topic.ok()).toBe(true);
  const { topic: created } = (await topic.json()) as { topic: { id: string } };
  const sent = await request.post(`/api/coaching/topics/${created.id}/messages`, {
    data: { message },
    headers: { ...origin, 'idempotency-key': randomUUID() },
  });
  expect(sent.ok()).toBe(true);
  return created.id;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px an invited coach signs in with a code, sees only their member, and the reply reaches the member live with the coach's name and photo`, async ({
    browser,
  }) => {
    const id = randomUUID().slice(0, 6);
    const coachEmail = `coach-${id}@example.com`;
    const coachName = `Rio ${id}`;
    const ownerContext = await browser.newContext({ baseURL: BASE });
    const memberContext = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 } });
    const otherContext = await browser.newContext({ baseURL: BASE });
    const coachContext = await browser.newContext({ baseURL: BASE, viewport });
    const ownerRequest = await owner(ownerContext);

    // Two 1-on-1 Burn members, both the owner's at first; each asks something.
    const member = await paidMember(memberContext, 'burn-monthly', `Maya ${id}`, BASE);
    const other = await paidMember(otherContext, 'burn-monthly', `Omar ${id}`, BASE);
    const memberTopic = await startTopic(memberContext.request, `Plank form ${id}`, 'My lower back sags.');
    await startTopic(otherContext.request, `Other topic ${id}`, 'Not for the new coach.');

    // The coach has an account; the owner invites that address; the coach accepts.
    await confirmedMember(coachContext, coachName, coachEmail, BASE);
    const invited = await ownerRequest.post('/api/admin/team/invitations', {
      data: { email: coachEmail, roles: ['coach'] },
      headers: origin,
    });
    expect(invited.ok()).toBe(true);
    const link = await mailLink(coachContext.request, coachEmail, 'You are invited to the Core28 team');
    const accepted = await coachContext.request.post('/api/team/invitations/accept', {
      data: { token: link.searchParams.get('token') },
      headers: origin,
    });
    expect(accepted.ok(), await accepted.text()).toBe(true);

    // Staff act only after a second factor: the coach enrols, then sets a name and a photo.
    const forbidden = await coachContext.request.get('/api/admin/coaching/topics');
    expect(((await forbidden.json()) as { error: { code: string } }).error.code).toBe('TWO_FACTOR_REQUIRED');
    const coachSecret = await enrolOverHttp(coachContext.request, PASSWORD);
    expect(
      (
        await coachContext.request.put('/api/admin/coach-profile', {
          data: { name: coachName, bio: 'Physio and Pilates teacher.' },
          headers: origin,
        })
      ).ok(),
    ).toBe(true);
    const photo = await coachContext.request.post('/api/admin/coach-profile/photo', {
      multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: PNG } },
      headers: origin,
    });
    expect(photo.ok()).toBe(true);

    // The owner gives the coach a seat and the member.
    const team = (await (await ownerRequest.get('/api/admin/team')).json()) as {
      members: { userId: string; email: string }[];
    };
    const coachId = team.members.find((m) => m.email === coachEmail)!.userId;
    const seats = await ownerRequest.patch(`/api/admin/team/members/${coachId}`, {
      data: { seats: 2 },
      headers: origin,
    });
    expect(seats.ok()).toBe(true);
    const memberId = ((await (await memberContext.request.get('/api/me')).json()) as { user: { id: string } })
      .user.id;
    const moved = await ownerRequest.put(`/api/admin/users/${memberId}/coach`, {
      data: { coachId },
      headers: origin,
    });
    expect(moved.ok()).toBe(true);

    // The coach signs in through the page: password, then the app's code.
    await coachContext.clearCookies();
    const coach = await coachContext.newPage();
    await submitSignIn(coach, coachEmail, PASSWORD);
    const code = coach.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    await expect(async () => {
      // The enrolment's code is spent: the next period's is taken.
      await code.fill(codeOf(coachSecret));
      await coach.getByRole('button', { name: 'Verify' }).click();
      await expectToast(coach, 'Welcome back!');
    }).toPass({ intervals: [2000], timeout: 45_000 });

    // Only their member is in their inbox.
    await coach.goto('/admin/one-on-one');
    await coach.getByRole('tab', { name: 'All' }).click();
    const row = coach.getByRole('button', { name: new RegExp(`${member.name}.*Plank form ${id}`) });
    await expect(row).toBeVisible();
    await expect(coach.getByRole('button', { name: new RegExp(other.name) })).toHaveCount(0);
    await coach.screenshot({
      path: test.info().outputPath(`${viewport.width}-coach-inbox.png`),
      fullPage: true,
    });

    // The member has the conversation open; the coach answers; it arrives live, signed.
    const memberPage = await memberContext.newPage();
    await memberPage.goto('/one-on-one');
    await memberPage.getByRole('button', { name: new RegExp(`Plank form ${id}`) }).click();
    const log = memberPage.getByRole('log', { name: 'Messages' });
    await expect(log).toContainText('My lower back sags.');

    await row.click();
    await coach.getByRole('textbox', { name: 'Reply' }).fill('Squeeze your glutes and tuck the pelvis.');
    await coach.getByRole('textbox', { name: 'Reply' }).press('Enter');
    await expectToast(coach, 'Reply sent successfully');

    const reply = log.locator('div').filter({ hasText: 'Squeeze your glutes and tuck the pelvis.' }).last();
    await expect(reply).toBeVisible();
    await expect(reply).toContainText(coachName);
    await expect(reply.locator('img')).toBeVisible();
    await memberPage.screenshot({ path: test.info().outputPath(`${viewport.width}-member-live-reply.png`) });
    expect(memberTopic).toBeTruthy();

    for (const context of [ownerContext, memberContext, otherContext, coachContext]) await context.close();
  });
}
