import { BASE_URL } from '../playwright.config';
import { expect, test } from './fixtures';
import { expectFieldError, expectToast, openMail } from './helpers';

// The member's own day, and the reminder settings on /profile.
const origin = { origin: new URL(BASE_URL).origin };

test.describe('reminder settings', () => {
  // The browser's zone becomes the member's at the first page of a session without one.
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('a member sets a reminder time and time zone on /profile and sees them after reload', async ({
    page,
    member: _,
  }) => {
    await page.goto('/profile');
    // Recorded on the server from the browser, not only shown.
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/notifications')).json()) as { timeZone: string }).timeZone,
      )
      .toBe('Asia/Tokyo');
    const zone = page.getByLabel('Time zone');
    await expect(zone).toHaveValue('Asia/Tokyo');
    const time = page.getByLabel('Workout reminder time');
    await expect(time).toHaveValue('07:00');

    // The form is useZodForm over core's ReminderSettingsSchema: an empty time is the schema's message.
    await time.fill('');
    await page.getByRole('button', { name: 'Save reminder settings' }).click();
    await expectFieldError(time, 'Please enter a time like 07:30');

    await zone.selectOption('America/Los_Angeles');
    await time.fill('06:45');
    await expect(time).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Save reminder settings' }).click();
    await expectToast(page, 'Reminder settings saved');
    const weekly = page.getByRole('switch', { name: 'Weekly summary', exact: true });
    await expect(weekly).toBeChecked();
    await weekly.click();
    await expectToast(page, 'Weekly summary: off');
    // The reminder as a push notification instead (off by default).
    const reminderPush = page.getByRole('switch', { name: 'Workout reminder as push notification' });
    await expect(reminderPush).not.toBeChecked();
    await reminderPush.click();
    await expectToast(page, 'Workout reminder as push: on');

    await page.reload();
    await expect(page.getByLabel('Time zone')).toHaveValue('America/Los_Angeles');
    await expect(page.getByLabel('Workout reminder time')).toHaveValue('06:45');
    await expect(page.getByRole('switch', { name: 'Weekly summary', exact: true })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Workout reminder', exact: true })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Workout reminder as push notification' })).toBeChecked();
  });
});

test('the unsubscribe link of a reminder works signed out, and only that switch turns off', async ({
  page,
  browser,
  member,
}) => {
  // The reminder schedule ticks once a minute (out ~10 s into it); a reminder set just after a
  // tick waits for the next one. Under CI's load a tick has come as late as ~2 minutes.
  test.setTimeout(240_000);
  // A reminder due now in UTC: the next tick sends it.
  const now = new Date();
  const reminderTime = now.toISOString().slice(11, 16);
  const set = await page.request.put('/api/notifications', {
    data: { timeZone: 'UTC', reminderTime },
    headers: origin,
  });
  expect(set.ok()).toBe(true);
  await expect(async () => {
    await page.goto(`/dev/mail?to=${encodeURIComponent(member.email)}`);
    await expect(page.getByRole('link', { name: /^Day 1: / })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 180_000, intervals: [2_000] });
  await openMail(page, member.email, 'Day 1: ');
  const link = await page.getByRole('link', { name: 'Unsubscribe from these e-mails' }).getAttribute('href');
  expect(link).toMatch(/\/unsubscribe\?token=/);

  // Another browser, not signed in: the link alone is enough. The page asks before it changes anything.
  const signedOut = await browser.newContext();
  try {
    const other = await signedOut.newPage();
    await other.goto(link as string);
    await expect(
      other.getByRole('heading', { name: 'Unsubscribe from workout reminder e-mails?' }),
    ).toBeVisible();
    await other.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(other.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await other.reload();
    await expect(other.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  } finally {
    await signedOut.close();
  }

  await page.goto('/profile');
  await expect(page.getByRole('switch', { name: 'Workout reminder', exact: true })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Streak at risk', exact: true })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Weekly summary', exact: true })).toBeChecked();
});

test('a member adds the program to a calendar, and a reset link ends the old one', async ({
  page,
  member: _,
}) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your program in your calendar' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  await expectToast(page, 'Calendar link ready');
  const linkField = page.getByLabel('Private calendar link');
  await expect(linkField).toHaveValue(/\/api\/calendar\/[\w-]+\.ics$/);
  const first = await linkField.inputValue();
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
    'href',
    first.replace(/^https?:/, 'webcal:'),
  );
  const feed = await page.request.get(first);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');

  await page.getByRole('button', { name: 'Reset link' }).click();
  await expectToast(page, 'New calendar link made; the old one no longer works');
  await expect(linkField).not.toHaveValue(first);
  const second = await linkField.inputValue();
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(second)).status()).toBe(200);
  await page.reload();
  await expect(page.getByLabel('Private calendar link')).toHaveValue(second);
});

/**
 * Playwright's fake Date returns a plain Date from its constructor, so a subclass of Date (the
 * time-zone library's TZDate) loses its own methods under it. This keeps the fake clock's time
 * and builds the instance with the subclass's prototype (Reflect.construct), as a real Date does.
 */
function subclassableFakeDate() {
  const FakeDate = Date;
  const NativeDate = Object.getPrototypeOf(new FakeDate()).constructor as DateConstructor;
  function ClockDate(this: unknown, ...args: unknown[]) {
    if (!new.target) return new NativeDate(FakeDate.now()).toString();
    return Reflect.construct(NativeDate, args.length ? args : [FakeDate.now()], new.target);
  }
  ClockDate.prototype = NativeDate.prototype;
  Object.assign(ClockDate, { now: () => FakeDate.now(), parse: NativeDate.parse, UTC: NativeDate.UTC });
  (window as unknown as { Date: unknown }).Date = ClockDate;
}

test("a member ahead of UTC sees the next day's card at local midnight", async ({ page, member: _ }) => {
  // Kiritimati is UTC+14 all year: its midnight is 10:00 UTC, in the middle of the UTC day.
  const set = await page.request.put('/api/notifications', {
    data: { timeZone: 'Pacific/Kiritimati' },
    headers: origin,
  });
  expect(set.ok()).toBe(true);
  const now = Date.now();
  const midnight = new Date(now);
  midnight.setUTCHours(10, 0, 0, 0);
  if (midnight.getTime() <= now) midnight.setUTCDate(midnight.getUTCDate() + 1);
  const before = new Date(midnight.getTime() - 20_000);
  const moveServerClock = (at: Date | null) =>
    page.request.post('/dev/clock', { data: { at: at?.toISOString() ?? null } });

  try {
    expect((await moveServerClock(before)).ok()).toBe(true);
    await page.clock.install({ time: before });
    await page.addInitScript(subclassableFakeDate);
    await page.goto('/program');
    await expect(page.getByRole('heading', { name: "Today's Exercise · Day 1" })).toBeVisible();

    // Both clocks pass local midnight (still the same UTC day): the page turns by itself.
    await moveServerClock(new Date(midnight.getTime() + 3_000));
    await page.clock.runFor(25_000);
    await expect(page.getByRole('heading', { name: "Today's Exercise · Day 2" })).toBeVisible();
  } finally {
    await moveServerClock(null);
  }
});
