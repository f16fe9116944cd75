import { AVATAR_ERRORS, AVATAR_MAX_BYTES } from '@core28/core/profile';
import type { HonoRequest } from 'hono';
import { AppError } from '../errors.ts';
import { uploadBodyLimit } from './body-limit.ts';

// A portrait upload (a member's avatar, a coach's photo): one body limit and one reading of the
// multipart field, so both routes refuse the same way and accept the same photos.

const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `${AVATAR_ERRORS.tooLarge.title}: ${AVATAR_ERRORS.tooLarge.message}`);
const MISSING_FILE = 'Send the image as multipart/form-data in the field "file".';

/** AVATAR_MAX_BYTES, placed after the route's access check so nobody else gets a byte read. */
export const portraitBodyLimit = uploadBodyLimit(() => AVATAR_MAX_BYTES, tooLarge);

/** The uploaded file's bytes, from the multipart field "file". */
export async function uploadedPortrait(req: HonoRequest): Promise<Buffer> {
  const body = await req.parseBody().catch(() => {
    throw new AppError('BAD_REQUEST', MISSING_FILE);
  });
  const file = body.file;
  if (!(file instanceof File)) throw new AppError('BAD_REQUEST', MISSING_FILE);
  if (file.size > AVATAR_MAX_BYTES) throw tooLarge();
  return Buffer.from(await file.arrayBuffer());
}
