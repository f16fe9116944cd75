import { cn } from '@/lib/utils';

/**
 * An exercise's demonstration: an animated figure made for the project (issue 17). Until the
 * illustrations land this draws one neutral standing figure, never a blank box.
 */
export function ExerciseDemo({
  demoKey,
  label,
  isPaused = false,
  className,
}: {
  /** Which illustration: an exercise's demo key, or a warm-up or cool-down move's. */
  demoKey: string | null;
  /** What the figure shows, for screen readers. */
  label: string;
  isPaused?: boolean;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 200 150"
      role="img"
      aria-label={`Demonstration: ${label}`}
      data-demo={demoKey ?? 'none'}
      data-paused={isPaused}
      className={cn('aspect-[4/3] w-full rounded-xl bg-zinc-100 text-zinc-700', className)}
    >
      <line x1="20" y1="135" x2="180" y2="135" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2" />
      <g stroke="currentColor" strokeWidth="6" strokeLinecap="round" fill="none">
        <circle cx="100" cy="32" r="10" fill="currentColor" stroke="none" />
        <line x1="100" y1="46" x2="100" y2="90" />
        <line x1="100" y1="56" x2="82" y2="80" />
        <line x1="100" y1="56" x2="118" y2="80" />
        <line x1="100" y1="90" x2="88" y2="133" />
        <line x1="100" y1="90" x2="112" y2="133" />
      </g>
    </svg>
  );
}
