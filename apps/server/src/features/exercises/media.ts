import { type ExerciseMedia, youtubeEmbedUrl } from '@core28/core/exercise-media';
import type { Deps } from '../../context.ts';
import type { exercises } from '../../platform/db/schema.ts';

/** How long a signed video link lasts: longer than a session, so playback and seeking keep working. */
const VIDEO_URL_TTL_SECONDS = 6 * 3600;

type MediaColumns = Pick<typeof exercises.$inferSelect, 'videoUrl' | 'videoKey' | 'videoType'>;

/**
 * Exercises as the API shows them: the video as `media` (an upload's signed link first, else
 * the YouTube link's embed, else null), never the storage key.
 */
export function withMedia<T extends MediaColumns>({ storage }: Pick<Deps, 'storage'>, rows: T[]) {
  return Promise.all(
    rows.map(async ({ videoKey, videoType, ...row }) => {
      const embedUrl = row.videoUrl ? youtubeEmbedUrl(row.videoUrl) : null;
      const media: ExerciseMedia =
        videoKey && videoType
          ? { kind: 'upload', url: await storage.signedUrl(videoKey, VIDEO_URL_TTL_SECONDS), type: videoType }
          : embedUrl
            ? { kind: 'youtube', embedUrl }
            : null;
      return { ...row, media };
    }),
  );
}
