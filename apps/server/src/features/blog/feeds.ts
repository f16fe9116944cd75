import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { escapeHtml as escapeXml } from '../../platform/html.ts';
import { PUBLIC_PATHS } from '../../site/seo.ts';
import { listPublicArticles } from './service.ts';

/** The sitemap (the public pages and every due article) and the RSS feed of the newest 50. */
export const blogFeedRoutes = new Hono<AppEnv>()
  .get('/sitemap.xml', async (c) => {
    const base = c.get('deps').config.publicUrl;
    const articles = await listPublicArticles(c.get('deps'), { limit: 1000 });
    const urls = [
      ...PUBLIC_PATHS.map((p) => `<url><loc>${escapeXml(base + p)}</loc></url>`),
      ...articles.map(
        (a) =>
          `<url><loc>${escapeXml(`${base}/blog/${a.slug}`)}</loc><lastmod>${a.updatedAt.toISOString()}</lastmod></url>`,
      ),
    ];
    c.header('Content-Type', 'application/xml; charset=utf-8');
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    );
  })
  .get('/rss.xml', async (c) => {
    const base = c.get('deps').config.publicUrl;
    const articles = await listPublicArticles(c.get('deps'), { limit: 50 });
    const items = articles.map(
      (a) =>
        `<item><title>${escapeXml(a.title)}</title><link>${escapeXml(`${base}/blog/${a.slug}`)}</link><guid>${escapeXml(`${base}/blog/${a.slug}`)}</guid><description>${escapeXml(a.excerpt)}</description><pubDate>${a.publishedAt?.toUTCString()}</pubDate></item>`,
    );
    c.header('Content-Type', 'application/rss+xml; charset=utf-8');
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Core28 Six-Pack Guide</title><link>${escapeXml(`${base}/blog`)}</link><description>Training, nutrition and recovery advice for a stronger core.</description>\n${items.join('\n')}\n</channel></rss>\n`,
    );
  });
