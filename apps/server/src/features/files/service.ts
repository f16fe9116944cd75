import type { Context } from 'hono';
import type { AppEnv } from '../../context.ts';
import { errorBody } from '../../errors.ts';
import { answerRange } from './range.ts';

/** A stored file opened for reading (platform/storage: `open` or `openKey`). */
export type OpenedFile = {
  size: number;
  stream: (range?: { start: number; end: number }) => ReadableStream<Uint8Array>;
  close: () => Promise<void>;
};

/**
 * A stored file's answer, whole or one byte range (phones play and seek a video only
 * from ranges): 206 with Content-Range, 416 past the end, HEAD without the body. Every stored
 * file goes out through here: signed links (/api/files) and chat attachments.
 */
export async function answerStoredFile<E extends AppEnv>(
  c: Context<E>,
  file: OpenedFile,
  { contentType, cacheControl }: { contentType: string; cacheControl: string },
) {
  c.header('Content-Type', contentType);
  c.header('Cache-Control', cacheControl);
  c.header('Accept-Ranges', 'bytes');
  c.header('X-Content-Type-Options', 'nosniff');

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
}
