import MarkdownIt from 'markdown-it';

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
const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = token.attrGet('href') ?? '';
  if (/^https?:\/\//i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** The one renderer: the public article page and the editor's live preview use it alike. */
export const renderArticle = (content: string) => markdown.render(content);
