import { type TabLink, tabBarLinks, type Viewer } from '@core28/core/navigation';
import { CalendarDays, ChartLine, type LucideIcon, MessageCircle, Sun, UserRound } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/class-names';

export type Tab = TabLink['tab'];
/** Unread counts by tab (the coach's replies on Coach); a tab without one shows no badge. */
export type TabBadges = Partial<Record<Tab, number>>;

const ICONS: Record<Tab, LucideIcon> = {
  today: Sun,
  program: CalendarDays,
  progress: ChartLine,
  coach: MessageCircle,
  profile: UserRound,
};

const badgeText = (count: number) => (count > 9 ? '9+' : String(count));

/**
 * The signed-in member's tabs on a phone (below md; wider screens keep the header): the pages of
 * every day a thumb away, the one shown marked in colour, weight and a bar, and for screen
 * readers by aria-current. The player and the admin area have layouts of their own, without it.
 */
export function TabBar({ viewer, badges = {} }: { viewer: Viewer; badges?: TabBadges }) {
  const links = tabBarLinks(viewer);
  if (links.length === 0) return null;
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-zinc-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto flex h-16 max-w-lg">
        {links.map((link) => {
          const Icon = ICONS[link.tab];
          const count = badges[link.tab] ?? 0;
          return (
            <li key={link.tab} className="flex flex-1">
              <NavLink
                to={link.to}
                end={link.to === '/'}
                aria-label={count > 0 ? `${link.label}, ${count} unread` : undefined}
                className={({ isActive }) =>
                  cn(
                    'relative flex flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium transition-colors',
                    // The current tab: a bar along its top edge, colour and weight (not colour alone).
                    'before:absolute before:inset-x-4 before:top-0 before:h-0.5 before:rounded-full',
                    isActive
                      ? 'font-bold text-brand-700 before:bg-brand-600'
                      : 'text-zinc-600 hover:text-zinc-950',
                  )
                }
              >
                <span className="relative">
                  <Icon className="size-6" aria-hidden />
                  {count > 0 && (
                    <span
                      aria-hidden
                      className="absolute -top-1.5 -right-2.5 grid h-4 min-w-4 place-items-center rounded-full bg-brand-600 px-1 text-[10px] leading-none font-bold text-white"
                    >
                      {badgeText(count)}
                    </span>
                  )}
                </span>
                {link.label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
