import MarkdownIt from 'markdown-it';
import { z } from 'zod';

// spec §4 Article, §5 slug rule. DESIGN.md: content is Markdown rendered to safe HTML.

/**
 * spec §5: lowercase, drop everything but letters, digits, spaces and hyphens, turn whitespace
 * runs into one hyphen, collapse repeated hyphens, trim hyphens. Accents are folded first so
 * "Crème brûlée" keeps its letters.
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Articles per page of /blog: four rows of three, two of two or twelve of one. */
export const BLOG_PAGE_SIZE = 12;

/** A page of the public list (GET /api/blog/articles). */
export const ArticleListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(BLOG_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const ArticleIdParamSchema = z.object({ id: z.uuid('No such article') });

export type ArticleStatus = 'draft' | 'scheduled' | 'published';

export function articleStatus(
  article: { published: boolean; publishedAt: Date | string | null },
  now: Date,
): ArticleStatus {
  if (!article.published) return 'draft';
  if (article.publishedAt && new Date(article.publishedAt).getTime() > now.getTime()) return 'scheduled';
  return 'published';
}

// Raw HTML in an article is shown as text, never run: html is off, and markdown-it refuses
// javascript:, vbscript: and data: (except images) links by itself.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });
// markdown-it 15 (linkify-it 6) links a bare "www.example.com" no more by default; articles
// written before kept their links that way.
markdown.linkify.set({ fuzzyLink: true });
const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet('href') ?? '');
  if (/^https?:\/\//i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** The one renderer: the public article page and the editor's live preview use it alike. */
export const renderArticle = (content: string) => markdown.render(content);

export const ArticleInputSchema = z.object({
  title: z
    .string('Title is required')
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title must be at most 200 characters'),
  slug: z.string().trim().max(200).optional().default(''),
  excerpt: z
    .string('Excerpt is required')
    .trim()
    .min(1, 'Excerpt is required')
    .max(500, 'Excerpt must be at most 500 characters'),
  content: z
    .string('Content is required')
    .trim()
    .min(1, 'Content is required')
    .max(100_000, 'Content is too long'),
  // spec §5: no format check on the featured image URL; empty is stored as null.
  featuredImageUrl: z.string().trim().max(2000).nullish(),
  published: z.boolean().default(false),
  publishedAt: z.iso.datetime({ offset: true, error: 'Publication date must be a date and time' }).nullish(),
});
export type ArticleInput = z.input<typeof ArticleInputSchema>;

/**
 * spec §5: the scheduled date cannot be earlier than the start of today. "Today" is the UTC day
 * on both sides: the server's check and the editor's picker minimum use this one function.
 */
export const startOfTodayUtc = (now: Date) => new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);

export const PUBLICATION_DATE_MESSAGE = 'The publication date cannot be earlier than today';

const MINUTE_MS = 60_000;
/** Date pickers show minutes, not seconds: a date in the stored date's minute is that date, unchanged. */
export const isSameMinute = (a: Date, b: Date) =>
  Math.floor(a.getTime() / MINUTE_MS) === Math.floor(b.getTime() / MINUTE_MS);

/**
 * The publication date rule, or null when `chosen` may be saved. An unchanged stored date is
 * always accepted, so an article published before today can still be edited.
 */
export function publicationDateError({
  chosen,
  stored,
  now,
}: {
  chosen: Date;
  stored: Date | null;
  now: Date;
}): string | null {
  if (stored && isSameMinute(chosen, stored)) return null;
  return chosen.getTime() < startOfTodayUtc(now).getTime() ? PUBLICATION_DATE_MESSAGE : null;
}

/** The editor's schema: the request's, plus the publication date rule against the stored date. */
export const articleFormSchema = ({ stored, now }: { stored: Date | null; now: () => Date }) =>
  ArticleInputSchema.superRefine((article, ctx) => {
    if (!article.published || !article.publishedAt) return;
    const message = publicationDateError({ chosen: new Date(article.publishedAt), stored, now: now() });
    if (message) ctx.addIssue({ code: 'custom', message, path: ['publishedAt'] });
  });
