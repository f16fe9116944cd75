import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/harness.ts';

let t: TestApp;
beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'core28-seo-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Core28</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(() => t.close());

const html = async (p: string) => (await t.request(p)).text();
const DUE = 'why-planks-beat-crunches-for-a-stronger-core';
const DRAFT = 'recovery-why-rest-days-build-abs';
const SCHEDULED = 'the-28-day-core-program-explained';

describe('what crawlers see', () => {
  it('an article page carries its title, description, canonical, Open Graph and JSON-LD', async () => {
    const page = await html(`/blog/${DUE}`);
    expect(page).toContain('<title>Why Planks Beat Crunches for a Stronger Core · Six-Pack Guide</title>');
    expect(page).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/blog/${DUE}" />`);
    expect(page).toContain('<meta property="og:type" content="article" />');
    expect(page).toContain('"@type":"Article"');
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page).not.toContain('content="x"');
  });

  it('a draft or scheduled article gives crawlers nothing and is noindex', async () => {
    for (const slug of [DRAFT, SCHEDULED]) {
      const page = await html(`/blog/${slug}`);
      expect(page).not.toContain('og:type" content="article');
      expect(page).toContain('<meta name="robots" content="noindex" />');
    }
    expect(await html('/profile')).toContain('noindex');
    expect(await html('/about')).not.toContain('noindex');
  });

  it('the sitemap and RSS list due articles only; robots.txt keeps crawlers out of members and admin areas', async () => {
    for (const feed of ['/sitemap.xml', '/rss.xml']) {
      const body = await html(feed);
      expect(body).toContain(`/blog/${DUE}`);
      expect(body).not.toContain(DRAFT);
      expect(body).not.toContain(SCHEDULED);
    }
    const robots = await html('/robots.txt');
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /program');
    expect(robots).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
  });
});
