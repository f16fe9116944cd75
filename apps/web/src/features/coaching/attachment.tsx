import type { LiveMessage } from '@core28/core/realtime';
import { Download } from 'lucide-react';
import { cn } from '@/lib/class-names';

type Attachment = NonNullable<LiveMessage['attachment']>;

/**
 * A photo or video in a message. The link is read only by the conversation's two
 * sides (the server checks the session) and answers byte ranges, so a video plays and seeks inline.
 */
export function MessageAttachment({ attachment, isOwn }: { attachment: Attachment; isOwn: boolean }) {
  const { url, type } = attachment;
  if (type.startsWith('image/'))
    return (
      <a href={url} target="_blank" rel="noreferrer" className="mt-1 block">
        <img src={url} alt="Attached" loading="lazy" className="max-h-72 w-auto max-w-full rounded-lg" />
      </a>
    );
  return (
    <div className="mt-1 grid gap-1">
      {/* biome-ignore lint/a11y/useMediaCaption: a member's own clip has no captions to offer */}
      <video
        src={url}
        controls
        playsInline
        preload="metadata"
        aria-label="Attached video"
        className="max-h-80 w-full max-w-sm rounded-lg bg-black"
      />
      {type === 'video/quicktime' && (
        <a
          href={url}
          download
          className={cn(
            'inline-flex items-center gap-1 text-xs underline',
            isOwn ? 'text-white/90' : 'text-zinc-600',
          )}
        >
          <Download className="size-3" aria-hidden /> Download (MOV plays in Safari; other browsers may need
          the file)
        </a>
      )}
    </div>
  );
}

export const ATTACH_ACCEPT = 'image/jpeg,image/png,image/webp,video/mp4,video/webm,video/quicktime,.mov';
