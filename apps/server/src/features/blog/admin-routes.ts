import { ArticleIdParamSchema, ArticleInputSchema } from '@core28/core/blog';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../validate.ts';
import { requireStaff } from '../auth/session.ts';
import { createArticle, deleteArticle, listAllArticles, updateArticle } from './service.ts';

/** The Six-Pack Guide editor: admins only (the role is checked on every call). */
export const adminBlogRoutes = new Hono<AppEnv>()
  .use(requireStaff('content'))
  .get('/articles', async (c) => c.json(await listAllArticles(c.get('deps'))))
  .post('/articles', validate('json', ArticleInputSchema), async (c) =>
    c.json(
      await createArticle(c.get('deps'), { authorId: c.get('user').id, input: c.req.valid('json') }),
      201,
    ),
  )
  .put(
    '/articles/:id',
    validate('param', ArticleIdParamSchema),
    validate('json', ArticleInputSchema),
    async (c) =>
      c.json(
        await updateArticle(c.get('deps'), {
          id: c.req.valid('param').id,
          authorId: c.get('user').id,
          input: c.req.valid('json'),
        }),
      ),
  )
  .delete('/articles/:id', validate('param', ArticleIdParamSchema), async (c) =>
    c.json(await deleteArticle(c.get('deps'), c.req.valid('param'))),
  );
