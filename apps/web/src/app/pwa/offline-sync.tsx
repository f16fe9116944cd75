import { useQueryClient } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MEMBER_DATA_URLS } from '@/lib/member-cache';
import { drainQueue, onQueueChange, queuedWrites } from '@/lib/offline-queue';
import { useIsControlled } from '@/lib/use-service-worker';
import { useViewer } from '@/lib/viewer';

/**
 * Sends the signed-in member's writes queued offline when the page loads, when the
 * connection comes back and when the service worker has sent them itself (Background Sync), and
 * shows 'Saved offline, will sync' while any wait.
 */
const RETRY_MS = 15_000;

/** Fetches today's session plan through the worker, which keeps it for offline. */
async function keepTodaysSession() {
  try {
    const program = (await (await fetch('/api/program')).json()) as { currentDay?: number };
    if (program.currentDay) await fetch(`/api/program/days/${program.currentDay}/session`);
  } catch {
    // Nothing kept now; the next visit tries again.
  }
}

export function OfflineSync() {
  const { user, subscription } = useViewer();
  const userId = user?.id ?? null;
  // A plan chosen (here or in another tab) sends what waited for it at once.
  const train = subscription?.entitlements.train;
  const [needsPlan, setNeedsPlan] = useState(false);
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState(0);
  const isControlled = useIsControlled();
  const startedUncontrolled = useRef(!isControlled);
  const hasKept = useRef(false);

  // The first visit: the worker has just taken over, so the member's data is fetched once more
  // through it to be kept for offline (the page's own cache is left alone: no refetch races a write).
  useEffect(() => {
    if (!startedUncontrolled.current || hasKept.current || !isControlled || !userId) return;
    hasKept.current = true;
    for (const url of MEMBER_DATA_URLS) void fetch(url).catch(() => undefined);
    // Today's session too, whatever page came first (a reminder's link opens the session itself).
    void keepTodaysSession();
  }, [isControlled, userId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `train` changing (a plan chosen) sends at once what waited for one
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
      const { sent, needsPlan } = await drainQueue(userId);
      if (isCurrent) setNeedsPlan(needsPlan);
      if (sent > 0 && isCurrent) refresh();
      count(); // the service worker may have sent some meanwhile
    };
    // The service worker sent the queue (Background Sync): the page reads it and the data again.
    const fromWorker = (event: MessageEvent) => {
      if (event.data?.type !== 'QUEUE_SENT') return;
      count();
      refresh();
    };
    // A write just queued is tried at once when online: one the plan refused says so on the badge.
    const stopListening = onQueueChange(() => {
      count();
      void send();
    });
    count();
    void send();
    window.addEventListener('online', send);
    // A connection that is up but does not carry (lie-fi) sends no `online` event: try again now and then.
    const retry = setInterval(() => void send(), RETRY_MS);
    navigator.serviceWorker?.addEventListener('message', fromWorker);
    return () => {
      isCurrent = false;
      stopListening();
      window.removeEventListener('online', send);
      clearInterval(retry);
      navigator.serviceWorker?.removeEventListener('message', fromWorker);
    };
  }, [userId, queryClient, train]);

  if (waiting === 0) return null;
  return (
    <output className="fixed bottom-4 left-1/2 z-50 flex max-w-[calc(100vw-2rem)] -translate-x-1/2 items-center gap-2 rounded-full bg-zinc-900 px-4 py-2 text-sm text-white shadow-lg">
      <CloudOff className="size-4 shrink-0" aria-hidden />
      {needsPlan ? (
        <span>
          Saved on this phone — choose a plan to sync it.{' '}
          <Link to="/subscription" className="font-semibold underline">
            Plans
          </Link>
        </span>
      ) : (
        'Saved offline, will sync'
      )}
    </output>
  );
}
