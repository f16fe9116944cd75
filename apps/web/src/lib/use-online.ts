import { useSyncExternalStore } from 'react';
import { KEPT_ANSWER_HEADER } from './member-cache';

// Whether the app can reach the server. The browser's `navigator.onLine` is one half: it says
// offline only when there is no network at all. The other half is the service worker answering
// from its copy because a request failed (a Wi-Fi without internet, a dead mobile connection):
// then the app is offline until a request reaches the server again.

// Offline a probe fails at once and costs nothing; back online, the page comes back within seconds.
const PROBE_MS = 3_000;
let isServedFromCopy = false;
let probe: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function setServedFromCopy(value: boolean) {
  if (value === isServedFromCopy) return;
  isServedFromCopy = value;
  clearInterval(probe);
  // No request may follow by itself: ask the server now and then until it answers.
  if (value)
    probe = setInterval(
      () =>
        void fetch('/api/health', { cache: 'no-store' }).then(
          (res) => res.ok && setServedFromCopy(false),
          () => undefined,
        ),
      PROBE_MS,
    );
  for (const listener of listeners) listener();
}

/** Every API answer passes here: one from the service worker's copy means the server is out of reach. */
export function noteAnswer(res: Response) {
  setServedFromCopy(res.headers.get(KEPT_ANSWER_HEADER) === '1');
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  listeners.add(onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    listeners.delete(onChange);
  };
};

/** Whether the app can reach the server now, following it as it comes and goes. */
export const isReachable = () => navigator.onLine && !isServedFromCopy;

/** Whether the browser has a connection to the server, following it as it comes and goes. */
export const useOnline = () => useSyncExternalStore(subscribe, isReachable, () => true);
