import type { ExerciseMedia as Media } from '@core28/core/exercise-media';
import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';
import { ExerciseDemo } from './exercise-demo';

/**
 * An exercise's demonstration: the coach's video (an upload or a YouTube embed) when there is
 * one, else the project's animated illustration (issue 17). Never a link to a search page.
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
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (isPaused) element.pause();
    else void element.play().catch(() => undefined); // autoplay refused: the controls are there
  }, [isPaused]);

  const frame = cn('aspect-[4/3] w-full rounded-xl bg-black object-contain', className);
  if (media?.kind === 'upload')
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
        <source src={media.url} type={media.type} />
      </video>
    );
  if (media?.kind === 'youtube')
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
