// An exercise's demonstration video, uploaded by a coach or linked on YouTube.

/** The video formats every current browser plays in a <video> element. */
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];

/** The upload limit unless the server's VIDEO_MAX_BYTES says otherwise. */
export const DEFAULT_VIDEO_MAX_BYTES = 50 * 1024 * 1024;

export const VIDEO_ERRORS = {
  notAVideo:
    'The file is not an MP4 or WebM video. Export the video as MP4 (H.264) or WebM and upload it again.',
  missingFile: 'Send the video as multipart/form-data in the field "file".',
  tooLarge: (maxBytes: number) => `The video is too large (at most ${formatMegabytes(maxBytes)}).`,
  notYouTube:
    'The video link must be a YouTube video (youtube.com/watch?v=…, youtu.be/… or youtube.com/shorts/…). Upload other videos as a file.',
} as const;

const formatMegabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** YouTube's privacy-enhanced embed: no cookies until the member plays the video. */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/**
 * What the API returns for an exercise's video: an uploaded file behind a signed, expiring link,
 * a YouTube embed, or nothing (the web then shows the animated demonstration alone).
 */
export type ExerciseMedia =
  | { kind: 'upload'; url: string; type: VideoType }
  | { kind: 'youtube'; embedUrl: string }
  | null;

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const WATCH_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const EMBED_HOSTS = new Set([...WATCH_HOSTS, 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
/** Paths that name one video: /shorts/{id}, /embed/{id}, /live/{id}, /v/{id}. */
const VIDEO_PATH = /^\/(shorts|embed|live|v)\/([^/]+)\/?$/;

/** The 11-character id of a YouTube video link, or null for anything else (searches, channels, other sites). */
export function youtubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.port !== '' || url.username !== '')
    return null;
  const host = url.hostname.toLowerCase();
  let id: string | null | undefined;
  if (host === 'youtu.be') id = url.pathname.match(/^\/([^/]+)\/?$/)?.[1];
  else if (WATCH_HOSTS.has(host) && url.pathname.replace(/\/$/, '') === '/watch')
    id = url.searchParams.get('v');
  else if (EMBED_HOSTS.has(host)) id = url.pathname.match(VIDEO_PATH)?.[2];
  return id && VIDEO_ID.test(id) ? id : null;
}

/** `t=90`, `t=90s`, `t=1m30s`, `start=90` → seconds; anything else → null. */
function startSeconds(url: URL): number | null {
  const value = url.searchParams.get('t') ?? url.searchParams.get('start');
  const match = value?.match(/^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/);
  if (!value || !match) return null;
  const [, h = '0', m = '0', s = '0'] = match;
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  return seconds > 0 ? seconds : null;
}

/**
 * The privacy-enhanced embed address of a YouTube video link (keeping a start time), or null when
 * the link is not one video on YouTube.
 */
export function youtubeEmbedUrl(link: string): string | null {
  const id = youtubeVideoId(link);
  if (!id) return null;
  const start = startSeconds(new URL(link.trim()));
  return `${YOUTUBE_EMBED_ORIGIN}/embed/${id}${start ? `?start=${start}` : ''}`;
}
