import { NewsListQuerySchema, NewsReadSchema } from '@core28/core/news';
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { validate } from '../../validate.ts';
import { requireUser } from '../auth/session.ts';
import { listNews, markNewsRead } from './service.ts';

/** The member's own "What is new" list: nobody reads another's. */
export const newsRoutes = new Hono<AppEnv>()
  .get('/', requireUser(), validate('query', NewsListQuerySchema), async (c) => {
    const { before, limit } = c.req.valid('query');
    return c.json(await listNews(c.get('deps'), { userId: c.get('user').id, before, limit }));
  })
  .post('/read', requireUser(), validate('json', NewsReadSchema), async (c) =>
    c.json(await markNewsRead(c.get('deps'), { userId: c.get('user').id, upTo: c.req.valid('json').upTo })),
  );
