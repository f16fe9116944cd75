import type { ReactNode } from 'react';
import { cn } from '@/lib/class-names';
import { Button } from './button';

/**
 * What could not be loaded, with a way to try again (spec §8's 'Failed to load …' / 'Try Again').
 * Without a `message` it is the retry button alone, named by `retryLabel`: spec §8's admin screens,
 * whose failures are logged and shown empty. `tone="dark"` sits on the session player's dark page;
 * `children` are further actions beside the button.
 */
export function LoadError({
  message,
  onRetry,
  retryLabel = 'Try Again',
  tone = 'light',
  className,
  children,
}: {
  message?: string;
  onRetry: () => void;
  retryLabel?: string;
  tone?: 'light' | 'dark';
  className?: string;
  children?: ReactNode;
}) {
  const retry =
    tone === 'dark' ? (
      <button
        type="button"
        onClick={onRetry}
        className="rounded-full bg-white px-5 py-3 font-semibold text-zinc-950"
      >
        {retryLabel}
      </button>
    ) : (
      <Button variant="outline" className={message ? undefined : cn('w-fit', className)} onClick={onRetry}>
        {retryLabel}
      </Button>
    );
  if (!message) return retry;
  return (
    <div
      className={cn(
        'grid content-center justify-items-center text-center',
        tone === 'dark' ? 'gap-4' : 'gap-3 p-6',
        className,
      )}
    >
      <p
        role={tone === 'dark' ? 'alert' : undefined}
        className={tone === 'dark' ? 'text-xl font-bold' : undefined}
      >
        {message}
      </p>
      {children ? (
        <div className="flex gap-3">
          {retry}
          {children}
        </div>
      ) : (
        retry
      )}
    </div>
  );
}
