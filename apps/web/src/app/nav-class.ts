import { cn } from '@/lib/class-names';

/** A header or mobile-menu link, marked when it is the page shown. */
export const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-brand-600' : 'text-zinc-700 hover:text-zinc-950',
  );
