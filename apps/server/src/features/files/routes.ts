import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { AppError, errorBody } from '../../errors.ts';
import { LOCAL_FILES_PATH } from '../../platform/storage/storage.ts';
import { answerRange } from './range.ts';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/**
 * Files of the local storage, shown only through an unexpired HMAC-signed link. They answer
 * byte ranges (issue 17), which phones need to play and seek a video; HEAD is answered by Hono
 * from this GET without the body.
 */
export const fileRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const { storage } = c.var.deps;
  if (storage.kind !== 'local') throw new AppError('NOT_FOUND', 'No such file');
  const key = decodeURIComponent(c.req.path.slice(LOCAL_FILES_PATH.length));
  const file = await storage.open(key, c.req.query('expires'), c.req.query('signature'));
  if (!file) throw new AppError('FORBIDDEN', 'This link has expired or is invalid.');
  const maxAge = Math.max(0, Number(c.req.query('expires')) - Math.floor(Date.now() / 1000));
  c.header('Content-Type', CONTENT_TYPES[key.split('.').at(-1) ?? ''] ?? 'application/octet-stream');
  c.header('Cache-Control', `private, max-age=${maxAge}`);
  c.header('Accept-Ranges', 'bytes');

  const range = answerRange(c.req.header('range'), file.size, c.req.header('if-range'));
  if (range.kind === 'unsatisfiable') {
    await file.close();
    c.header('Content-Range', `bytes */${file.size}`);
    return c.json(errorBody('RANGE_NOT_SATISFIABLE', 'The requested range is outside the file.'), 416);
  }
  const { start, end } = range.kind === 'part' ? range : { start: 0, end: file.size - 1 };
  c.header('Content-Length', String(end - start + 1));
  if (range.kind === 'part') c.header('Content-Range', `bytes ${start}-${end}/${file.size}`);
  const status = range.kind === 'part' ? 206 : 200;
  if (c.req.method === 'HEAD' || file.size === 0) {
    await file.close();
    return c.body(null, status);
  }
  return c.body(file.stream({ start, end }), status);
});
