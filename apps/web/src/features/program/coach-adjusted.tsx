import { UserRoundCheck } from 'lucide-react';
import { cn } from '@/lib/class-names';

/** A day the member's coach changed for them (docs/decisions/0016), with the coach's note. */
export function CoachAdjusted({ note, tone = 'light' }: { note: string; tone?: 'light' | 'dark' }) {
  return (
    <div
      className={cn(
        'grid gap-0.5 rounded-lg px-2.5 py-1.5 text-xs',
        tone === 'light' ? 'bg-sky-50 text-sky-900' : 'bg-white/10 text-zinc-100',
      )}
    >
      <span className="inline-flex items-center gap-1 font-semibold">
        <UserRoundCheck className="size-3.5" aria-hidden /> Adjusted by your coach
      </span>
      {note && <span>{note}</span>}
    </div>
  );
}
