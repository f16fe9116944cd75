import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let t: TestApp;
const APP_JS = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i};`).join('\n'),
);
beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'core28-dist-'));
  await mkdir(path.join(dist, 'assets'));
  // Over the 1 KB below which nothing is compressed, as the built page is (its head and meta tags).
  await writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html>${'<meta>'.repeat(200)}<div id="root"></div>`,
  );
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  // What the build writes beside an asset worth compressing (vite-plugin-compression2).
  await writeFile(path.join(dist, 'assets', 'app-def456.js'), APP_JS);
  await writeFile(path.join(dist, 'assets', 'app-def456.js.br'), brotliCompressSync(APP_JS));
  await writeFile(path.join(dist, 'assets', 'app-def456.js.gz'), gzipSync(APP_JS));
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ env: { WEB_DIST: dist }, seed: false });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('hashed assets are cached for a year', async () => {
    const res = await t.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('a missing asset is a 404, never the HTML page', async () => {
    const res = await t.request('/assets/index-gone.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBeNull();
  });

  it('every page path gets the SPA index, revalidated on each visit', async () => {
    for (const p of ['/', '/program', '/blog/some-article', '/admin/users/u1']) {
      const res = await t.request(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('serves public files and compresses what it sends', async () => {
    expect((await t.request('/favicon.svg')).status).toBe(200);
    const res = await t.request('/program', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });
});

describe('precompressed assets', () => {
  const get = (encoding: string | null) =>
    t.request('/assets/app-def456.js', { headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the brotli file to a client that accepts it, the same bytes once decoded', async () => {
    const res = await get('gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).equals(APP_JS)).toBe(true);
  });

  it('sends the gzip file to a client without brotli', async () => {
    const res = await get('gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).equals(APP_JS)).toBe(true);
  });

  it('sends the plain file, with the same caching, to a client that asks for no encoding', async () => {
    const res = await get(null);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(APP_JS)).toBe(true);
  });
});

describe('addresses that are not pages', () => {
  it("a path the router has no page for gets the app's not-found page with a real 404", async () => {
    for (const p of ['/no/such/page', '/programme', '/blog/a/b']) {
      const res = await t.request(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text(), p).toContain('<div id="root">');
    }
  });

  it('a file that is not there answers 404, never the web app with a 200', async () => {
    for (const p of [
      '/foo.txt',
      '/openapi.json',
      '/wp-login.php',
      '/blog/old.html',
      '/.env',
      '/.git/config',
    ]) {
      const res = await t.request(p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toContain('<div id="root">');
    }
    expect((await t.request('/index.html')).status).toBe(200);
  });

  it('/.well-known/ answers only what it has: security.txt and change-password', async () => {
    for (const p of [
      '/.well-known/',
      '/.well-known/apple-app-site-association',
      '/.well-known/acme-challenge/x',
    ]) {
      const res = await t.request(p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toContain('<div id="root">');
    }
    const change = await t.request('/.well-known/change-password');
    expect(change.status).toBe(302);
    expect(change.headers.get('location')).toBe('/profile#password');
  });

  it("/.well-known/security.txt is RFC 9116's, with SECURITY.md's contact", async () => {
    const res = await t.request('/.well-known/security.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const fields = Object.fromEntries(
      (await res.text())
        .trim()
        .split('\n')
        .map((line) => line.split(/: (.*)/s).slice(0, 2)),
    );
    const securityMd = await readFile(path.join(ROOT, 'SECURITY.md'), 'utf8');
    expect(securityMd).toContain(`**${fields.Contact.replace('mailto:', '')}**`);
    expect(fields.Canonical).toBe(`${t.config.publicUrl}/.well-known/security.txt`);
    const expires = Date.parse(fields.Expires);
    const now = t.deps.now().getTime();
    expect(expires - now).toBeGreaterThan(90 * 86_400_000);
    expect(expires - now).toBeLessThan(365 * 86_400_000);
  });
});

describe('a page address with a malformed percent-escape', () => {
  it('gets the not-found page (the SPA, status 404), never a 500', async () => {
    for (const p of ['/blog/%', '/blog/%E0%A4%A', '/%zz']) {
      const res = await t.request(p, { headers: { accept: 'text/html' } });
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).toContain('<div id="root">');
    }
  });
});
