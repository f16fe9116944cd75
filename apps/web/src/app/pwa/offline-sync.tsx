import { useQueryClient } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useViewer } from '@/features/auth/api';
import { drainQueue, onQueueChange, queuedWrites } from '@/lib/offline-queue';
import { useIsControlled } from '@/lib/use-service-worker';

/**
 * Issue 21: sends the signed-in member's writes queued offline when the page loads, when the
 * connection comes back and when the service worker has sent them itself (Background Sync), and
 * shows 'Saved offline, will sync' while any wait.
 */
export function OfflineSync() {
  const { user } = useViewer();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState(0);
  const isControlled = useIsControlled();
  const wasControlled = useRef(isControlled);

  // The first visit: the worker has just taken over, so what the page shows is fetched again
  // through it and kept for offline.
  useEffect(() => {
    if (isControlled && !wasControlled.current) void queryClient.invalidateQueries();
    wasControlled.current = isControlled;
  }, [isControlled, queryClient]);

  useEffect(() => {
    if (!userId) {
      setWaiting(0);
      return;
    }
    let isCurrent = true;
    const count = () =>
      void queuedWrites(userId).then((writes) => {
        if (isCurrent) setWaiting(writes.length);
      });
    const refresh = () => void queryClient.invalidateQueries();
    const send = async () => {
      if (!navigator.onLine) return;
      const { sent } = await drainQueue(userId);
      if (sent > 0 && isCurrent) refresh();
    };
    const fromWorker = (event: MessageEvent) => {
      if (event.data?.type === 'QUEUE_SENT') refresh();
    };
    const stopListening = onQueueChange(count);
    count();
    void send();
    window.addEventListener('online', send);
    navigator.serviceWorker?.addEventListener('message', fromWorker);
    return () => {
      isCurrent = false;
      stopListening();
      window.removeEventListener('online', send);
      navigator.serviceWorker?.removeEventListener('message', fromWorker);
    };
  }, [userId, queryClient]);

  if (waiting === 0) return null;
  return (
    <output className="fixed bottom-4 left-1/2 z-50 flex -translate-x-1/2 items-center gap-2 whitespace-nowrap rounded-full bg-zinc-900 px-4 py-2 text-sm text-white shadow-lg">
      <CloudOff className="size-4" aria-hidden /> Saved offline, will sync
    </output>
  );
}
