import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/utils';

// The figures and their poses load on first use, outside the entry chunk (the home page shows one).
const DemoFigure = lazy(() => import('./demos/demo-figure'));

/**
 * An exercise's demonstration: a figure made for the project moving between the exercise's key
 * positions (demos/library.ts). Unknown or missing keys show a person standing at ease, never a
 * blank box. It moves only while on screen and not paused; with reduced motion it holds the first
 * key position still.
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
  const ref = useRef<SVGSVGElement>(null);
  const isOnScreen = useOnScreen(ref);
  return (
    <svg
      ref={ref}
      viewBox="0 0 200 150"
      role="img"
      aria-label={`Demonstration: ${label}`}
      data-demo={demoKey ?? 'none'}
      data-paused={isPaused}
      className={cn('aspect-[4/3] w-full rounded-xl bg-zinc-100', className)}
    >
      <Suspense fallback={<Standing />}>
        <DemoFigure demoKey={demoKey} isPaused={isPaused || !isOnScreen} />
      </Suspense>
    </svg>
  );
}

/** Whether the element is in the viewport (true where the browser cannot tell). */
function useOnScreen(ref: React.RefObject<Element | null>) {
  const [isOnScreen, setIsOnScreen] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setIsOnScreen(entry?.isIntersecting ?? true));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return isOnScreen;
}

/** The neutral figure while the demonstrations load: the library's standing pose, drawn flat. */
function Standing() {
  return (
    <g strokeLinecap="round" fill="none">
      <line x1="8" x2="192" y1="139" y2="139" stroke="#d4d4d8" strokeWidth="2" />
      <g stroke="#27272a">
        <line x1="100" y1="77.5" x2="100" y2="132.5" strokeWidth="9" />
        <line x1="98" y1="135.5" x2="111" y2="135.5" strokeWidth="5" />
      </g>
      <line x1="100" y1="77.5" x2="100" y2="46.5" stroke="#dc2626" strokeWidth="14" />
      <line x1="100" y1="46.5" x2="100" y2="42.5" stroke="#27272a" strokeWidth="5" />
      <circle cx="100" cy="34.5" r="8" fill="#27272a" />
      <polyline
        points="100,46.5 101.3,65.5 104,84.3"
        stroke="#27272a"
        strokeWidth="7.5"
        strokeLinejoin="round"
      />
    </g>
  );
}
