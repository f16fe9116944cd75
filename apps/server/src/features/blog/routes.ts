import { renderArticle } from '@core28/core/blog';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { validate } from '../../validate.ts';
import { findPublicArticle, listPublicArticles } from './public.ts';

export const ListQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) });

export const blogRoutes = new Hono<AppEnv>()
  .get('/articles', validate('query', ListQuery), async (c) => {
    const articles = await listPublicArticles(c.var.deps, c.req.valid('query').limit);
    return c.json(articles.map(({ updatedAt: _updated, ...article }) => article));
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
