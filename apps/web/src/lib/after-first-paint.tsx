import { type ReactNode, useSyncExternalStore } from 'react';

let isPagePainted = false;
const paintListeners = new Set<() => void>();
function subscribeToPaint(onPaint: () => void) {
  paintListeners.add(onPaint);
  if (!isPagePainted)
    setTimeout(() => {
      isPagePainted = true;
      for (const listener of paintListeners) listener();
    }, 0);
  return () => paintListeners.delete(onPaint);
}

/**
 * True from the render after the app's first paint: what a page keeps below the fold is rendered
 * in a task of its own, so the first one (what is on screen) stays short on a slow phone
 * (Lighthouse's blocking time). Only for blocks appended below what is shown, so nothing shown
 * moves. Pages opened later in the app render everything at once; a static render (tests) too.
 */
export function useAfterFirstPaint() {
  return useSyncExternalStore(
    subscribeToPaint,
    () => isPagePainted,
    () => true,
  );
}

/**
 * Its children in the task after the app's first paint. Mounted with the page's data (not while
 * the page waits for it), so the first paint it follows is the page's own.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? children : null;
}
