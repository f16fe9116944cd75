import { ArticleListQuerySchema } from '@core28/core/blog';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../validate.ts';
import { getPublicArticle, listPublicArticlePage } from './service.ts';

export const blogRoutes = new Hono<AppEnv>()
  .get('/articles', validate('query', ArticleListQuerySchema), async (c) =>
    c.json(await listPublicArticlePage(c.get('deps'), c.req.valid('query'))),
  )
  .get('/articles/:slug', async (c) =>
    c.json(await getPublicArticle(c.get('deps'), { slug: c.req.param('slug') })),
  );
