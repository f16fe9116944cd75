import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { LOCAL_FILES_PATH } from '../../platform/storage/storage.ts';

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', png: 'image/png', jpg: 'image/jpeg' };

/** Files of the local storage, shown only through an unexpired HMAC-signed link. */
export const fileRoutes = new Hono<AppEnv>().get('/*', async (c) => {
  const { storage } = c.var.deps;
  if (storage.kind !== 'local') throw new AppError('NOT_FOUND', 'No such file');
  const key = decodeURIComponent(c.req.path.slice(LOCAL_FILES_PATH.length));
  const body = await storage.read(key, c.req.query('expires'), c.req.query('signature'));
  if (!body) throw new AppError('FORBIDDEN', 'This link has expired or is invalid.');
  const maxAge = Math.max(0, Number(c.req.query('expires')) - Math.floor(Date.now() / 1000));
  c.header('Content-Type', CONTENT_TYPES[key.split('.').at(-1) ?? ''] ?? 'application/octet-stream');
  c.header('Cache-Control', `private, max-age=${maxAge}`);
  return c.body(new Uint8Array(body));
});
