import { toast } from '@/lib/toast';

/**
 * The service worker, registered once the page has loaded so it never competes with the
 * first paint, in prompt mode: a new version waits, and the member chooses when to reload into it,
 * so no page ever runs half old and half new.
 *
 * With the browser's own service worker API rather than workbox-window (2.7 KB gzip on
 * every page for the same few events): a worker that has installed while another one controls the
 * page is a new version; Reload asks it to take over (sw.ts answers SKIP_WAITING), and the page
 * reloads once it has, as does every other open tab that offered the reload.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const start = async () => {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const offerReload = (worker: ServiceWorker) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
        once: true,
      });
      toast('A new version is ready', {
        id: 'new-version',
        duration: Number.POSITIVE_INFINITY,
        action: { label: 'Reload', onClick: () => worker.postMessage({ type: 'SKIP_WAITING' }) },
      });
    };
    // The first worker is no update: it installs with no other one in control.
    if (registration.waiting && navigator.serviceWorker.controller) offerReload(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed' && navigator.serviceWorker.controller) offerReload(worker);
      });
    });
  };
  if (document.readyState === 'complete') void start().catch(() => undefined);
  else window.addEventListener('load', () => void start().catch(() => undefined), { once: true });
}
