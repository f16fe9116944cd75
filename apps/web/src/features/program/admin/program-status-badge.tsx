import type { ProgramStatus } from '@core28/core/program-admin';
import { cn } from '@/lib/class-names';

const LOOK: Record<ProgramStatus, { label: string; className: string }> = {
  draft: { label: 'Draft', className: 'bg-amber-100 text-amber-900' },
  published: { label: 'Published', className: 'bg-emerald-100 text-emerald-900' },
  retired: { label: 'Retired', className: 'bg-zinc-200 text-zinc-800' },
};

/** Draft, published (in the library) or retired (running rounds only). */
export function ProgramStatusBadge({ status }: { status: ProgramStatus }) {
  const { label, className } = LOOK[status];
  return <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', className)}>{label}</span>;
}
