import { ArticleListQuerySchema, renderArticle } from '@core28/core/blog';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { validate } from '../../validate.ts';
import { countPublicArticles, findPublicArticle, listPublicArticles } from './public.ts';

export const blogRoutes = new Hono<AppEnv>()
  /** A page of the public list and how many there are in all, so /blog can page through every one. */
  .get('/articles', validate('query', ArticleListQuerySchema), async (c) => {
    const { limit, page } = c.req.valid('query');
    const [articles, total] = await Promise.all([
      listPublicArticles(c.var.deps, limit, (page - 1) * limit),
      countPublicArticles(c.var.deps),
    ]);
    return c.json({
      articles: articles.map(({ updatedAt: _updated, ...article }) => article),
      page,
      pageSize: limit,
      total,
    });
  })
  /** One due, published article with its content rendered to safe HTML; anything else is not found. */
  .get('/articles/:slug', async (c) => {
    const slug = c.req.param('slug');
    // Only what slugify can produce is looked up; anything else cannot be an article.
    const article = /^[a-z0-9-]{1,200}$/.test(slug) ? await findPublicArticle(c.var.deps, slug) : null;
    if (!article) throw new AppError('NOT_FOUND', 'Article not found');
    const { authorId: _author, ...publicFields } = article;
    return c.json({ ...publicFields, html: renderArticle(article.content) });
  });
