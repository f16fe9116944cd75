import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toasterWanted } from '@/lib/toast';

const SonnerToaster = lazy(() => import('./sonner-toaster'));

/** The toasts' container, fetched with the first toast (lib/toast.ts keeps it until then). */
export function Toaster() {
  const isWanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
