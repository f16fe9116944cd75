import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, paidMember, signInOverHttp } from './helpers';

// Axe-core on every page of the route table, signed out, as a member and as the admin,
// at desktop and mobile widths, in light and dark (the phone's setting; contrast AA in both):
// no serious or critical violations.
const WIDTHS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
const SCHEMES = ['light', 'dark'] as const;
// Each test audits a dozen pages or more: 40-55 s on CI's two cores, and over the default minute on
// the first ones run against a cold server.
test.describe.configure({ timeout: 120_000 });

async function audit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  // The page is in the scheme the context asks for (no contrast audit of the wrong palette)
  const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  await expect(page.locator('html')).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${path} ${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

async function auditAll(context: BrowserContext, paths: string[]) {
  const page = await context.newPage();
  const found: string[] = [];
  for (const path of paths) found.push(...(await audit(page, path)));
  return found;
}

for (const colorScheme of SCHEMES)
  for (const [w, viewport] of Object.entries(WIDTHS)) {
    const width = colorScheme === 'dark' ? `${w} dark` : w;
    test(`signed out, ${width}: public pages have no serious or critical violations`, async ({
      browser,
      request,
    }) => {
      const { articles } = (await (await request.get('/api/blog/articles')).json()) as {
        articles: { slug: string }[];
      };
      const context = await browser.newContext({ viewport, colorScheme });
      const found = await auditAll(context, [
        '/',
        '/blog',
        `/blog/${articles[0]!.slug}`,
        '/blog/no-such-article',
        '/about',
        '/contact',
        '/privacy',
        '/terms',
        '/program-info',
        '/progress-info',
        '/subscription',
        '/subscription/signup?plan=daily-core',
        '/auth',
        '/auth?action=signup',
        '/no-such-page',
      ]);
      expect(found).toEqual([]);
      await context.close();
    });

    test(`1-on-1 Burn member, ${width}: member pages have no serious or critical violations`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport, colorScheme });
      await paidMember(context, 'burn-monthly', 'Alex Axe');
      const topic = await context.request.post('/api/coaching/topics', {
        data: { title: 'Breathing' },
        headers: { origin: new URL(test.info().project.use.baseURL!).origin },
      });
      const { topic: created } = (await topic.json()) as { topic: { id: string } };
      const found = await auditAll(context, [
        '/',
        '/program',
        '/program/day/1/session',
        '/exercises',
        '/progress',
        '/profile',
        '/profile-completion',
        '/one-on-one',
        `/one-on-one?topic=${created.id}`,
        '/news',
        '/subscription/manage',
      ]);
      expect(found).toEqual([]);
      await context.close();
    });

    test(`admin, ${width}: admin pages have no serious or critical violations`, async ({ browser }) => {
      test.slow(); // Thirteen pages, each audited whole
      const context = await browser.newContext({ viewport, colorScheme });
      const member = await browser.newContext();
      await paidMember(member, 'burn-monthly', 'Sam Axe');
      const origin = { origin: new URL(test.info().project.use.baseURL!).origin };
      const topic = (await (
        await member.request.post('/api/coaching/topics', { data: { title: 'Form check' }, headers: origin })
      ).json()) as { topic: { id: string; userId: string } };
      await member.request.post(`/api/coaching/topics/${topic.topic.id}/messages`, {
        data: { message: 'Is my form right?' },
        headers: origin,
      });
      await signInOverHttp(context, ADMIN);
      const page = await context.newPage();
      await page.goto('/');
      await expect(page).toHaveURL(/\/admin$/);
      const found = await auditAll(context, [
        '/admin',
        '/admin/users',
        '/admin/one-on-one',
        `/admin/one-on-one?topic=${topic.topic.id}`,
        '/admin/program',
        '/admin/programs',
        '/admin/programs/1',
        '/admin/exercises',
        '/admin/blog',
        '/admin/waitlist',
        `/admin/chat/${topic.topic.userId}/${topic.topic.id}`,
        `/admin/users/${topic.topic.userId}`,
        '/admin/support',
      ]);
      expect(found).toEqual([]);
      await context.close();
      await member.close();
    });
  }
