import { toast } from '@/lib/toast';

/**
 * The service worker (issue 21), registered once the page has loaded so it never competes with the
 * first paint, in prompt mode: a new version waits, and the member chooses when to reload into it,
 * so no page ever runs half old and half new.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const start = async () => {
    const { registerSW } = await import('virtual:pwa-register');
    const updateSW = registerSW({
      onNeedRefresh() {
        toast('A new version is ready', {
          id: 'new-version',
          duration: Number.POSITIVE_INFINITY,
          action: { label: 'Reload', onClick: () => void updateSW(true) },
        });
      },
    });
  };
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}
