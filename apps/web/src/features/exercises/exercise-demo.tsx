import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/class-names';

// The figures and their poses load on first use, outside the entry chunk (the home page shows one).
const DemoFigure = lazy(() => import('./figure-animation/demo-figure'));

/**
 * An exercise's demonstration: a figure made for the project moving between the exercise's key
 * positions (figure-animation/library.ts). Unknown or missing keys show a person standing at
 * ease, never a blank box. It moves only while on screen and not paused; with reduced motion it
 * holds the first key position still.
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

/**
 * While the demonstrations load: the library's neutral figure at its first pose, flattened (the
 * same joints, zoom and colours as figure-animation/, written out so that this chunk stays small).
 */
function Standing() {
  return (
    <g strokeLinecap="round" strokeLinejoin="round" fill="none">
      <line x1="8" x2="192" y1="139" y2="139" stroke="#d4d4d8" strokeWidth="2" />
      <line x1="97.2" y1="69.6" x2="97.2" y2="34.6" stroke="#dc2626" strokeWidth="15.8" />
      <line x1="97.2" y1="34.6" x2="97.2" y2="30" stroke="#27272a" strokeWidth="5.7" />
      <circle cx="97.2" cy="21" r="9" fill="#27272a" />
      <polyline points="97.2,34.6 98.7,56 103.2,77" stroke="#27272a" strokeWidth="8.5" />
      <g stroke="#27272a">
        <line x1="97.2" y1="69.6" x2="97.2" y2="101.3" strokeWidth="11.3" />
        <line x1="97.2" y1="101.3" x2="97.2" y2="131.8" strokeWidth="9" />
        <line x1="95" y1="135.2" x2="109.7" y2="135.2" strokeWidth="5.7" />
      </g>
    </g>
  );
}
