import { AVATAR_ERRORS, AVATAR_MAX_BYTES } from '@core28/core/profile';
import { AppError } from '../../errors.ts';

// An uploaded portrait (a member's avatar, a coach's photo): checked by its bytes and re-encoded.

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);
const AVATAR_SIZE = 512;

export const avatarKey = (userId: string) => `avatars/${userId}/avatar.webp`;

/**
 * Decodes the upload whatever it claims to be, refuses what is not a JPG, PNG, GIF or WebP
 * image, and re-encodes it: EXIF and GPS metadata are dropped, size is bounded.
 */
export async function processAvatar(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > AVATAR_MAX_BYTES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `${AVATAR_ERRORS.tooLarge.title}: ${AVATAR_ERRORS.tooLarge.message}`,
    );
  }
  const invalid = new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    `${AVATAR_ERRORS.invalidType.title}: ${AVATAR_ERRORS.invalidType.message}`,
  );
  // sharp (a native library and ~2.5 MB of modules) is loaded at the first avatar.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw invalid;
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw invalid;
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000, animated: false })
      .rotate() // apply the EXIF orientation before the metadata goes
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw invalid;
  }
}
