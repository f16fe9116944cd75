import { Hono } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { escapeHtml } from '../platform/html.ts';

// What a crawler without JavaScript sees: per-page title, description, canonical, Open Graph,
// Twitter card and, for articles, schema.org JSON-LD; plus robots.txt. The sitemap and RSS are
// the blog's (features/blog/feeds.ts).

const SITE = 'Core28';
const DEFAULT_DESCRIPTION =
  'Build a stronger core in 28 days: a guided daily abs program, exercise library, progress tracking and 1-on-1 coaching.';

const PUBLIC_PAGES: Record<string, { title: string; description: string }> = {
  '/': { title: 'Core28 — 28-Day Core Training Program', description: DEFAULT_DESCRIPTION },
  '/subscription': {
    title: 'Plans and Pricing · Core28',
    description: 'Start free for 7 days, or choose The Daily Core or 1-on-1 Burn with a personal coach.',
  },
  '/program-info': {
    title: 'The 28-Day Program · Core28',
    description: 'Four weeks, four phases: Foundation, Strength, Power and Integration, one exercise a day.',
  },
  '/progress-info': {
    title: 'Progress & Beyond · Core28',
    description: 'Streaks, achievements, milestones and the numbers behind your stronger core.',
  },
  '/blog': {
    title: 'Six-Pack Guide · Core28',
    description: 'Training, nutrition and recovery advice for a stronger core.',
  },
  '/about': {
    title: 'About · Core28',
    description: 'Our mission and the training principles behind the 28-day core program.',
  },
  '/contact': {
    title: 'Contact · Core28',
    description: 'Questions about the program, your plan or your account? Write to us.',
  },
  '/privacy': {
    title: 'Privacy Policy · Core28',
    description: 'What Core28 collects, why, and your rights.',
  },
  '/terms': {
    title: 'Terms of Service · Core28',
    description: 'The terms of the Core28 service, plans and coaching.',
  },
};
/** The public pages, as the sitemap lists them. */
export const PUBLIC_PATHS = Object.keys(PUBLIC_PAGES);

const PRIVATE_PREFIXES = [
  '/admin',
  '/profile',
  '/program',
  '/progress',
  '/exercises',
  '/one-on-one',
  '/subscription/',
  '/auth',
  '/success',
];

type Meta = {
  title: string;
  description: string;
  url: string;
  image?: string | null;
  type: 'website' | 'article';
  jsonLd?: object;
  noindex?: boolean;
};

function metaTags(meta: Meta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}" />`,
  ];
  if (meta.image)
    tags.push(
      `<meta property="og:image" content="${escapeHtml(meta.image)}" />`,
      `<meta name="twitter:image" content="${escapeHtml(meta.image)}" />`,
    );
  if (meta.noindex) tags.push('<meta name="robots" content="noindex" />');
  // JSON in a script element: "<" escaped so no text in an article can close the element.
  if (meta.jsonLd)
    tags.push(
      `<script type="application/ld+json">${JSON.stringify(meta.jsonLd).replaceAll('<', '\\u003c')}</script>`,
    );
  return tags.join('\n    ');
}

/** What an article page's tags tell; looked up by the blog, which this layer does not import. */
export type FindArticle = (
  deps: Deps,
  options: { slug: string },
) => Promise<{
  title: string;
  slug: string;
  excerpt: string;
  featuredImageUrl: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
} | null>;

/** The page's meta tags, from the route table or the article. */
export async function metaFor(deps: Deps, path: string, findArticle: FindArticle): Promise<string> {
  const base = deps.config.publicUrl;
  const page = PUBLIC_PAGES[path];
  if (page) return metaTags({ ...page, url: `${base}${path === '/' ? '/' : path}`, type: 'website' });
  const slug = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  if (slug) {
    const article = await findArticle(deps, { slug: decodeURIComponent(slug) });
    if (article) {
      const url = `${base}/blog/${article.slug}`;
      return metaTags({
        title: `${article.title} · Six-Pack Guide`,
        description: article.excerpt,
        url,
        image: article.featuredImageUrl,
        type: 'article',
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: article.title,
          description: article.excerpt,
          datePublished: article.publishedAt?.toISOString(),
          dateModified: article.updatedAt.toISOString(),
          url,
          ...(article.featuredImageUrl ? { image: [article.featuredImageUrl] } : {}),
          publisher: { '@type': 'Organization', name: SITE },
        },
      });
    }
  }
  // Members' and admin pages, unknown paths, missing or unpublished articles: nothing to index.
  return metaTags({
    title: SITE,
    description: DEFAULT_DESCRIPTION,
    url: `${base}${path}`,
    type: 'website',
    noindex: true,
  });
}

/** Puts the page's tags in place of the built index's title and description. */
export const withMeta = (indexHtml: string, tags: string) =>
  indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${tags}\n  </head>`);

export const seoRoutes = new Hono<AppEnv>().get('/robots.txt', (c) => {
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
    'Disallow: /api/',
    'Disallow: /dev/',
    'Disallow: /demo-pay/',
    '',
    `Sitemap: ${c.get('deps').config.publicUrl}/sitemap.xml`,
  ];
  return c.text(`${lines.join('\n')}\n`);
});
