import {
  BusinessNowQuerySchema,
  BusinessOverTimeQuerySchema,
  BusinessRangeSchema,
} from '@core28/core/business';
import { businessCohortsCsv, businessNowCsv, businessOverTimeCsv } from '@core28/core/business-csv';
import { Hono } from 'hono';
import { type AppEnv, reportReads } from '../../context.ts';
import { validate } from '../../validate.ts';
import { requireStaff } from '../auth/session.ts';
import { getBusinessCohorts, getBusinessNow, getBusinessOverTime } from './service.ts';

/** A table as a download: `name-from-to.csv`. */
const csvDownload = (name: string, text: string) =>
  new Response(text, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}.csv"`,
    },
  });

/**
 * /api/admin/business: the owner's figures (money: the owner only, never a coach). Each answers
 * JSON, or with `?format=csv` the same table as a CSV download.
 */
export const adminBusinessRoutes = new Hono<AppEnv>()
  .use(requireStaff('business'))
  .get('/now', validate('query', BusinessNowQuerySchema), async (c) => {
    const now = await getBusinessNow(reportReads(c.get('deps')));
    if (c.req.valid('query').format === 'csv')
      return csvDownload(`business-now-${now.at.slice(0, 10)}`, businessNowCsv(now));
    return c.json(now);
  })
  .get('/over-time', validate('query', BusinessOverTimeQuerySchema), async (c) => {
    const { format, ...query } = c.req.valid('query');
    const figures = await getBusinessOverTime(c.get('deps'), query);
    if (format === 'csv')
      return csvDownload(
        `business-${figures.by}s-${figures.from}-${figures.to}`,
        businessOverTimeCsv(figures),
      );
    return c.json(figures);
  })
  .get('/cohorts', validate('query', BusinessRangeSchema), async (c) => {
    const { format, ...query } = c.req.valid('query');
    const figures = await getBusinessCohorts(reportReads(c.get('deps')), query);
    if (format === 'csv')
      return csvDownload(`business-cohorts-${figures.from}-${figures.to}`, businessCohortsCsv(figures));
    return c.json(figures);
  });
