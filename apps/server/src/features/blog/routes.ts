import { renderArticle } from '@core28/core/blog';
import { and, desc, eq, lte } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { blogArticles } from '../../platform/db/schema.ts';
import { validate } from '../../validate.ts';

const ListQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) });

/** spec §6: the public sees only published articles whose publication date has come (decided now). */
export const blogRoutes = new Hono<AppEnv>()
  .get('/articles', validate('query', ListQuery), async (c) => {
    const { deps } = c.var;
    const articles = await deps.db
      .select({
        id: blogArticles.id,
        title: blogArticles.title,
        slug: blogArticles.slug,
        excerpt: blogArticles.excerpt,
        featuredImageUrl: blogArticles.featuredImageUrl,
        publishedAt: blogArticles.publishedAt,
        createdAt: blogArticles.createdAt,
      })
      .from(blogArticles)
      .where(and(eq(blogArticles.published, true), lte(blogArticles.publishedAt, deps.now())))
      .orderBy(desc(blogArticles.publishedAt))
      .limit(c.req.valid('query').limit);
    return c.json(articles);
  })
  /** One due, published article with its content rendered to safe HTML; anything else is not found. */
  .get('/articles/:slug', async (c) => {
    const { deps } = c.var;
    const [article] = await deps.db
      .select()
      .from(blogArticles)
      .where(
        and(
          eq(blogArticles.slug, c.req.param('slug')),
          eq(blogArticles.published, true),
          lte(blogArticles.publishedAt, deps.now()),
        ),
      );
    if (!article) throw new AppError('NOT_FOUND', 'Article not found');
    const { authorId: _author, ...publicFields } = article;
    return c.json({ ...publicFields, html: renderArticle(article.content) });
  });
