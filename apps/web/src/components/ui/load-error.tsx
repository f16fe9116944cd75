import { cn } from '@/lib/utils';
import { Button } from './button';

/** What could not be loaded, with a way to try again (spec §8's 'Failed to load …' / 'Try Again'). */
export function LoadError({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={cn('grid content-center justify-items-center gap-3 p-6 text-center', className)}>
      <p>{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
