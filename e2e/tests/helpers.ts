import { randomUUID } from 'node:crypto';
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config';

export const PASSWORD = 'Core#2026strong';
export const ADMIN = { email: 'admin@core28.local', password: 'Admin#2026' };
const origin = { origin: new URL(BASE_URL).origin };
/** The Origin of writes to a server of a spec's own (own-server.ts), or the suite's. */
const originOf = (base?: string) => (base ? { origin: new URL(base).origin } : origin);
export const uniqueEmail = (prefix = 'member') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * Opens the newest e-mail to `to` with this subject in the dev mailbox. The mail queue sends it a
 * moment after the request: the mailbox is reloaded until it is there.
 */
export async function openMail(page: Page, to: string, subject: string) {
  const message = page.getByRole('link', { name: subject }).first();
  await expect(async () => {
    await page.goto(`/dev/mail?to=${encodeURIComponent(to)}`);
    await expect(message).toBeVisible({ timeout: 500 });
  }).toPass({ intervals: [100, 250, 500] });
  await message.click();
}

/** Opens the newest e-mail to `to` in the dev mailbox and follows its call-to-action link. */
export async function followMailLink(page: Page, to: string, subject: string, action: string) {
  await openMail(page, to, subject);
  await page.getByRole('link', { name: action }).click();
}

export async function expectToast(page: Page, text: string) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

/** A form field showing `message` under it: marked invalid, the message linked as its description. */
export async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const escaped = message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(field).toHaveAccessibleDescription(new RegExp(escaped));
}

export async function signUpAndConfirm(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth?action=signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await followMailLink(page, email, 'Confirm your Core28 account', 'Confirm my e-mail');
}

/**
 * Signs out and waits for the server's answer too: the page shows the visitor at once (spec §4),
 * but a page loaded before the server has ended the session is still the member's.
 */
export async function signOut(page: Page) {
  const ended = page.waitForResponse(
    (response) => response.url().endsWith('/api/auth/sign-out') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expectToast(page, 'Signed out');
  expect((await ended).ok()).toBe(true);
}

/** Sends the sign-in form, whatever the answer. */
export async function submitSignIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in and waits until the app has taken the user away from /auth, so the session is set. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await submitSignIn(page, email, password);
  await expect(page).not.toHaveURL(/\/auth(\?|$)/);
}

/**
 * A confirmed member on a paid plan, signed in inside `context` (its cookies are the browser's):
 * sign-up, the confirmation link and the demo provider's hosted checkout, all over HTTP.
 */
export async function paidMember(
  context: BrowserContext,
  plan: 'daily-core-monthly' | 'burn-monthly',
  name = 'Maya Moss',
  base?: string,
) {
  const { email } = await confirmedMember(context, name, uniqueEmail(plan.split('-')[0]), base);
  const request = context.request;
  const checkout = await request.post('/api/subscription/checkout', {
    data: { plan },
    headers: originOf(base),
  });
  expect(checkout.ok()).toBe(true);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await request.post(new URL(url).pathname, {
    form: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
    headers: originOf(base),
    maxRedirects: 0,
  });
  expect(paid.status()).toBeLessThan(400);
  return { email, name };
}

/**
 * Signs up over HTTP inside `context` without following the confirmation e-mail; returns the
 * e-mail and the mail's confirmation link.
 */
export async function signUpOverHttp(
  context: BrowserContext,
  {
    email = uniqueEmail(),
    name = '',
    callbackURL,
    base,
  }: { email?: string; name?: string; callbackURL?: string; base?: string } = {},
) {
  const request = context.request;
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email, password: PASSWORD, name, ...(callbackURL ? { callbackURL } : {}) },
    headers: originOf(base),
  });
  expect(signUp.ok()).toBe(true);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as {
        meta: { url?: string };
      }[];
      link = mails[0]?.meta.url;
      return link;
    })
    .toBeTruthy();
  return { email, link: new URL(link!) };
}

/** A member who signed up and followed the confirmation link, signed in inside `context`, over HTTP. */
export async function confirmedMember(
  context: BrowserContext,
  name = 'Maya Moss',
  email = uniqueEmail(),
  base?: string,
) {
  const { link } = await signUpOverHttp(context, { email, name, base });
  await context.request.get(link.pathname + link.search, { maxRedirects: 0 });
  return { email, name };
}

/** A member as the auth page's sign-up leaves them: confirmed, signed in, on the free trial. */
export async function trialMember(context: BrowserContext, name = 'Maya Moss') {
  const member = await confirmedMember(context, name);
  const trial = await context.request.post('/api/subscription/trial', { headers: origin });
  expect(trial.ok()).toBe(true);
  return member;
}

/** Signs in inside `context` over HTTP: the session cookie is the browser's. */
export async function signInOverHttp(context: BrowserContext, account: { email: string; password: string }) {
  const signedIn = await context.request.post('/api/auth/sign-in/email', { data: account, headers: origin });
  expect(signedIn.ok()).toBe(true);
  return account;
}

/** Puts a member's program on `day` (their registration moved back by the dev factory). */
export async function moveToDay(page: Page, email: string, day: number) {
  const moved = await page.request.post('/dev/members/registration', { data: { email, daysAgo: day - 1 } });
  expect(moved.ok()).toBe(true);
}

/**
 * The first POST to `url` reaches the server and its answer is lost on the way back (a phone
 * entering a tunnel); later ones go through. Returns how many have been sent so far.
 */
export async function loseFirstAnswer(page: Page, url: string) {
  let sends = 0;
  await page.route(url, async (route) => {
    if (route.request().method() !== 'POST' || sends++ > 0) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  return () => sends;
}

/**
 * A member on 1-on-1 Burn on Day 3 with two days logged (time, reps, feeling and energy), so
 * /progress shows its chart and its words; the pages a member taps and loads every day.
 */
export async function loggedBurnMember(context: BrowserContext, page: Page) {
  const member = await paidMember(context, 'burn-monthly');
  await moveToDay(page, member.email, 3);
  for (const [day, totalSeconds, reps] of [
    [1, 14 * 60 + 30, 40],
    [2, 17 * 60, 52],
  ] as const) {
    const saved = await context.request.put('/api/program/results', {
      data: { day, totalSeconds, reps },
      headers: origin,
    });
    expect(saved.ok()).toBe(true);
  }
  const wellness = await context.request.put('/api/program/wellness', {
    data: { day: 3, feeling: 4, energy: 2 },
    headers: origin,
  });
  expect(wellness.ok()).toBe(true);
  return member;
}

/** The member pages of the phone's checks (tap targets, layout shift), Day 3's session among them. */
export const MEMBER_PAGES = [
  '/',
  '/program',
  '/program/day/3/session',
  '/progress',
  '/profile',
  '/one-on-one',
  '/subscription/manage',
];
