import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isPagePath } from '@core28/core/navigation';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.ts';
import { hasMalformedEscape } from '../http/malformed-escape.ts';
import { type FindArticle, metaFor, withMeta } from './seo.ts';

/**
 * The built web app: hashed assets cached for a year, every other page path gets the SPA's index
 * with the page's meta tags (an article's found by `findArticle`).
 */
export function webApp(distDir: string, { findArticle }: { findArticle: FindArticle }) {
  const app = new Hono<AppEnv>();
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    return app.get('*', (c) =>
      c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503),
    );
  }
  const root = path.relative(process.cwd(), distDir) || '.';
  // The build writes a brotli and a gzip copy of each asset worth compressing
  // (apps/web/vite.config.ts); a client that accepts one gets that file, nothing is compressed
  // per response.
  const staticFiles = serveStatic<AppEnv>({ root, precompressed: true });
  let indexHtml: string | undefined;
  return (
    app
      .use('/assets/*', async (c, next) => {
        await next();
        if (c.res.status !== 200) return;
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
        // The same address answers brotli, gzip or plain: a shared cache must keep them apart.
        if (c.res.headers.get('content-encoding') || hasPrecompressed(c.req.path))
          c.header('Vary', 'Accept-Encoding');
      })
      .use('/assets/*', staticFiles)
      .get('/assets/*', (c) => c.text('Not found', 404))
      // The service worker and the manifest are checked for a new version at every visit.
      .use('/sw.js', noCache)
      .use('/manifest.webmanifest', noCache)
      .use('*', (c, next) => (isPublicFile(c.req.path) ? staticFiles(c, next) : next()))
      // A file that is not there is not a page: no SPA (with a 200) for /foo.txt or /openapi.json.
      .get('*', (c, next) => (isFilePath(c.req.path) ? c.text('Not found', 404) : next()))
      .get('*', async (c) => {
        indexHtml ??= await readFile(indexFile, 'utf8');
        c.header('Cache-Control', 'no-cache');
        // No page lives at an address that cannot be decoded: the SPA shows its not-found page.
        if (hasMalformedEscape(c.req.url)) return c.html(indexHtml, 404);
        // A path the router has no page for gets the app (which shows its not-found page) with a
        // real 404, so crawlers and monitors are not told that it exists.
        const status = isPagePath(c.req.path) || c.req.path === '/index.html' ? 200 : 404;
        return c.html(withMeta(indexHtml, await metaFor(c.get('deps'), c.req.path, findArticle)), status);
      })
  );
}

const hasPrecompressed = (urlPath: string) => /\.(js|mjs|css|svg|json)$/.test(urlPath);

const noCache = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status === 200) c.header('Cache-Control', 'no-cache');
});

// index.html is only ever served by the SPA fallback, so it always gets `no-cache`.
const isPublicFile = (p: string) => /\.[a-z0-9]+$/i.test(p) && !p.endsWith('.html');
/**
 * A path naming a file (an extension after its last slash) or inside a hidden folder (`/.git/`):
 * no page has either. /index.html is the app itself.
 */
const isFilePath = (p: string) => p !== '/index.html' && (/\/[^/]*\.[a-z0-9]+$/i.test(p) || p.includes('/.'));
