/// <reference lib="webworker" />
// Core28's service worker (docs/decisions/0015), built by vite-plugin-pwa with
// Workbox's modules: the precached app shell, the member's data network-first with the last
// answer kept for offline, the offline queue's Background Sync, and push notifications.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { changesWhoIsSignedIn, isMemberData, KEPT_ANSWER_HEADER, MEMBER_CACHE } from '../lib/member-cache';
import { drainQueue, QUEUE_SYNC_TAG } from '../lib/offline-queue';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker takes the open page at once, so a member's first visit is kept for offline.
// A later version waits for the member (below) and only then takes over.
clientsClaim();

// Prompt mode: a new worker waits until the member presses Reload ('A new version is ready'),
// so an open page never mixes two versions' files.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Every page address opens the precached shell; the server's own paths are left alone.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/dev(\/|$)/, /^\/demo-pay/, /^\/metrics/, /\.[a-z0-9]+$/i],
  }),
);

// The few hashed files left out of the precache (the charts, the admin area): kept when first used.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'core28-assets',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600 }),
    ],
  }),
);

// Bumped at every change of who is signed in: an answer that set off before it is not kept, so a
// late answer for the previous member never lands in the emptied cache.
let generation = 0;
const dropMemberData = () => {
  generation += 1;
  return caches.delete(MEMBER_CACHE);
};
const sameGeneration = {
  requestWillFetch: async ({ request, state }: { request: Request; state?: Record<string, unknown> }) => {
    if (state) state.generation = generation;
    return request;
  },
  cacheWillUpdate: async ({ response, state }: { response: Response; state?: Record<string, unknown> }) =>
    state?.generation === generation ? response : null,
};

// An answer from the copy (the network failed) says so, for the page's sense of being online.
const markKept = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(KEPT_ANSWER_HEADER, '1');
    return new Response(cachedResponse.body, { status: cachedResponse.status, headers });
  },
};

// Signing in, out or deleting the account drops the kept answers before and after the request.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && changesWhoIsSignedIn(url, request.method),
  async ({ request }) => {
    await dropMemberData();
    try {
      return await fetch(request);
    } finally {
      await dropMemberData();
    }
  },
  'POST',
);
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && changesWhoIsSignedIn(url, request.method),
  async ({ request }) => {
    await dropMemberData();
    return fetch(request);
  },
  'GET',
);

// The member's data: always the network's answer while there is one (a stored copy served to a
// slow connection could be from before the member's last write, or another member's session);
// the last answer when the network fails, offline.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && isMemberData(url),
  new NetworkFirst({
    cacheName: MEMBER_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), sameGeneration, markKept],
  }),
);

// Background Sync: the queue is sent in order even when no page is open.
// SyncEvent is not in TypeScript's WebWorker library yet.
type SyncEvent = ExtendableEvent & { tag: string };
self.addEventListener('sync' as 'message', (event) => {
  const sync = event as unknown as SyncEvent;
  if (sync.tag === QUEUE_SYNC_TAG) sync.waitUntil(syncQueue());
});

async function syncQueue() {
  const me = await fetch('/api/me').then((r) => (r.ok ? r.json() : null));
  const userId: string | undefined = me?.user?.id;
  if (!userId) return;
  const { sent } = await drainQueue(userId);
  if (sent === 0) return;
  for (const client of await self.clients.matchAll({ type: 'window' }))
    client.postMessage({ type: 'QUEUE_SENT' });
}

self.addEventListener('push', (event) => {
  const data = (event.data?.json() ?? {}) as { title?: string; body?: string; url?: string };
  event.waitUntil(
    self.registration.showNotification(data.title ?? 'Core28', {
      body: data.body ?? '',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: data.url ?? '/program' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string })?.url ?? '/program', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === url.origin);
      if (open) {
        await open.focus();
        return open.navigate(url.href);
      }
      return self.clients.openWindow(url.href);
    })(),
  );
});
