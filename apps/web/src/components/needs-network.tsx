import { WifiOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { useOnline } from '@/lib/use-online';

/**
 * Issue 21: a page that cannot work without the server (checkout, coaching, the admin area) says
 * so while the browser is offline, instead of failing, and comes back by itself with the network.
 */
export function NeedsNetwork({ what, children }: { what: string; children: ReactNode }) {
  const isOnline = useOnline();
  if (isOnline) return children;
  return (
    <div role="status" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <WifiOff className="size-8 text-zinc-400" aria-hidden />
      <h1 className="text-xl font-semibold">You're offline</h1>
      <p className="text-zinc-600">
        {what} needs an internet connection. It will be back here as soon as you're online; your program and
        sessions keep working offline.
      </p>
    </div>
  );
}
