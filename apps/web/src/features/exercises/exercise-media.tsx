import type { ExerciseMedia as Media } from '@core28/core/exercise-media';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/class-names';
import { useOnline } from '@/lib/use-online';
import { ExerciseDemo } from './exercise-demo';

/**
 * An exercise's demonstration: the coach's video (an upload or a YouTube embed) when there is
 * one, else the project's animated illustration. Never a link to a search page.
 * Videos are not kept for offline (docs/decisions/0015): without a connection, or when
 * the uploaded file cannot be fetched, the illustration stands in, and the video is back with the
 * connection.
 */
export function ExerciseMedia({
  media,
  demoKey,
  label,
  isPaused = false,
  className,
}: {
  media: Media;
  demoKey: string | null;
  label: string;
  isPaused?: boolean;
  className?: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const isOnline = useOnline();
  const uploadUrl = media?.kind === 'upload' ? media.url : null;
  const [unreachable, setUnreachable] = useState<string | null>(null);
  // A source that fails to load: unreachable (the network, an expired link) or not playable here.
  // Only the first shows the illustration; a file the browser cannot play keeps its controls.
  const onSourceError = (url: string) =>
    void fetch(url, { headers: { range: 'bytes=0-0' } }).then(
      (res) => !res.ok && setUnreachable(url),
      () => setUnreachable(url),
    );
  const showsVideo = media !== null && isOnline && (uploadUrl === null || unreachable !== uploadUrl);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (isPaused) element.pause();
    else void element.play().catch(() => undefined); // autoplay refused: the controls are there
  }, [isPaused]);

  const frame = cn('aspect-[4/3] w-full rounded-xl bg-black object-contain', className);
  if (showsVideo && media.kind === 'upload')
    return (
      <video
        ref={video}
        className={frame}
        aria-label={`Video: ${label}`}
        autoPlay={!isPaused}
        muted
        loop
        playsInline
        controls
        preload="metadata"
      >
        <source src={media.url} type={media.type} onError={() => onSourceError(media.url)} />
      </video>
    );
  if (showsVideo && media.kind === 'youtube')
    return (
      <iframe
        className={frame}
        src={media.embedUrl}
        title={`Video: ${label}`}
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        loading="lazy"
      />
    );
  return <ExerciseDemo demoKey={demoKey} label={label} isPaused={isPaused} className={className} />;
}
