import { expect, test } from './fixtures';
import { expectToast, uniqueEmail } from './helpers';

test('the admin adds an exercise through the sidebar and finds it first in the list', async ({
  page,
  admin: _,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin$/);
  const counts = page.getByRole('region', { name: 'Counts' });
  for (const label of ['Members', 'Paid Subscribers', 'Open Conversations', 'Days Completed']) {
    await expect(counts.getByLabel(label)).toContainText(/\d/);
  }
  await expect(counts.getByLabel('Members')).toContainText(/since yesterday|No figures for yesterday yet/);
  await expect(page.getByRole('heading', { name: 'Recent 1-on-1 Messages' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  for (const label of ['Dashboard', 'Users', '1 on 1', '28-Day Program', 'Exercises', 'Six-Pack Guide']) {
    await expect(sidebar.getByRole('link', { name: label })).toBeVisible();
  }
  await sidebar.getByRole('link', { name: 'Exercises' }).click();
  await page.getByRole('button', { name: 'Add Exercise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Exercise' });
  await dialog.getByRole('button', { name: 'Add Exercise' }).click();
  await expectToast(page, 'Exercise name is required');
  await dialog.getByLabel('Name').fill('Copenhagen Plank');
  await dialog.getByLabel('Summary').fill('A side plank with the top leg on a bench.');
  await dialog.getByRole('button', { name: 'Add Exercise' }).click();
  await expectToast(page, 'Exercise added successfully');
  await expect(page.getByRole('listitem').first()).toHaveAccessibleName('Copenhagen Plank');
});

test('the admin searches the member list', async ({ page, request, admin: _ }) => {
  const email = uniqueEmail('findme');
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { email, password: 'Core#2026strong', name: 'Finn Me' },
  });
  expect(signUp.ok()).toBe(true);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('Search users by name or email').fill(email.toUpperCase());
  await expect(page.getByRole('cell', { name: email })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
});

test('a member who opens /admin is turned away: to /auth, which sends a signed-in member home', async ({
  page,
  member: _,
}) => {
  const visited: string[] = [];
  page.on(
    'framenavigated',
    (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname),
  );
  for (const path of ['/admin', '/admin/blog']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  }
  expect(visited).toContain('/auth');
});

test('the program analytics page charts completions per day and ranks members', async ({
  page,
  admin: _,
}) => {
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: '28-Day Program' }).click();
  await expect(page.getByRole('heading', { name: '28-Day Program' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /Bar chart of \d+ completions over the 28 program days/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top 20 Members by Days Completed' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Members past each week' })).toContainText('Past week 4');
});
