import { randomUUID } from 'node:crypto';
import { VIDEO_ERRORS, type VideoType } from '@core28/core/exercise-media';
import { AppError } from '../../errors.ts';
import { fileTypeOf } from '../../platform/storage/file-type.ts';

/**
 * Containers a <video> element plays everywhere, as file-type names them from the bytes: MP4
 * (and Apple's M4V, the same container) by its `ftyp` box, WebM by its EBML header's DocType.
 * QuickTime, Matroska, 3GP and audio-only brands are refused.
 */
const PLAYABLE: Record<string, VideoType> = { mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm' };
const EXTENSION: Record<VideoType, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };

/** The upload's video type, read from its bytes whatever its name or declared type; 415 otherwise. */
export async function videoTypeOf(bytes: Uint8Array): Promise<VideoType> {
  const found = await fileTypeOf(bytes);
  const type = found ? PLAYABLE[found.ext] : undefined;
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', VIDEO_ERRORS.notAVideo);
  return type;
}

/** A new key for every upload, so a replaced video's old link never shows the new one (or a half-written file). */
export const exerciseVideoKey = (exerciseId: number, type: VideoType) =>
  `exercises/${exerciseId}/video-${randomUUID()}.${EXTENSION[type]}`;
