import { useEffect } from 'react';

/**
 * Keeps the screen on while `isActive` (Screen Wake Lock API, where the browser has it). The
 * browser drops the lock whenever the page is hidden, so it is asked for again on return.
 */
export function useWakeLock(isActive: boolean) {
  useEffect(() => {
    if (!isActive || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let isCancelled = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (isCancelled) void lock.release();
        else sentinel = lock;
      } catch {
        // Refused (battery saver, a policy): the screen may sleep; the clock stays right anyway.
      }
    };
    void acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      isCancelled = true;
      document.removeEventListener('visibilitychange', acquire);
      void sentinel?.release();
    };
  }, [isActive]);
}
