import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { LOCAL_FILES_PATH } from '../../platform/storage/storage.ts';
import { answerStoredFile } from './service.ts';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

/**
 * Files of the local storage, shown only through an unexpired HMAC-signed link. They answer
 * byte ranges, which phones need to play and seek a video; HEAD is answered by Hono
 * from this GET without the body.
 */
export const fileRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const { storage } = c.get('deps');
  if (storage.kind !== 'local') throw new AppError('NOT_FOUND', 'No such file');
  const key = decodeURIComponent(c.req.path.slice(LOCAL_FILES_PATH.length));
  const file = await storage.open(key, c.req.query('expires'), c.req.query('signature'));
  if (!file) throw new AppError('FORBIDDEN', 'This link has expired or is invalid.');
  const maxAge = Math.max(0, Number(c.req.query('expires')) - Math.floor(Date.now() / 1000));
  const contentType = CONTENT_TYPES[key.split('.').at(-1) ?? ''] ?? 'application/octet-stream';
  return answerStoredFile(c, file, { contentType, cacheControl: `private, max-age=${maxAge}` });
});
