import { Volume2, VolumeX, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/class-names';
import { unlockAudio } from './use-cues';

/** m:ss, as a workout clock shows it (0:45, 12:05). */
export function clock(totalSeconds: number) {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The player's frame: a bar with the way out, the day and the sound switch, then the screen. */
export function PlayerShell({
  title,
  subtitle,
  isMuted,
  onToggleMuted,
  children,
  className,
}: {
  title: string;
  subtitle?: ReactNode;
  isMuted: boolean;
  onToggleMuted: () => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <main id="main" className="theme-fixed flex min-h-dvh flex-col bg-zinc-950 text-white">
      <header className="flex h-14 shrink-0 items-center gap-2 px-2 sm:px-4">
        <Link
          to="/program"
          aria-label="Leave workout"
          className="grid size-12 place-items-center rounded-full text-zinc-300 hover:bg-white/10 hover:text-white"
        >
          <X className="size-6" aria-hidden />
        </Link>
        <div className="min-w-0 flex-1 text-center">
          <p className="truncate text-sm font-semibold">{title}</p>
          {subtitle && <p className="truncate text-xs text-zinc-400">{subtitle}</p>}
        </div>
        <button
          type="button"
          aria-label="Sound and vibration"
          aria-pressed={!isMuted}
          onClick={() => {
            unlockAudio();
            onToggleMuted();
          }}
          className="grid size-12 place-items-center rounded-full text-zinc-300 hover:bg-white/10 hover:text-white"
        >
          {isMuted ? <VolumeX className="size-6" aria-hidden /> : <Volume2 className="size-6" aria-hidden />}
        </button>
      </header>
      <div className={cn('flex min-h-0 flex-1 flex-col', className)}>{children}</div>
    </main>
  );
}
