import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  navigator.serviceWorker?.addEventListener('controllerchange', onChange);
  return () => navigator.serviceWorker?.removeEventListener('controllerchange', onChange);
};

/**
 * Whether a service worker answers this page's requests, so what the page fetches now is kept for
 * offline. False on the very first visit until the worker has installed.
 */
export const useIsControlled = () =>
  useSyncExternalStore(
    subscribe,
    () => Boolean(navigator.serviceWorker?.controller),
    () => false,
  );
