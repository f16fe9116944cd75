import { ADMIN_PAGES, staffMay } from '@core28/core/staff';
import {
  BookOpen,
  Dumbbell,
  LayoutDashboard,
  LayoutList,
  LifeBuoy,
  LineChart,
  LogOut,
  type LucideIcon,
  Menu,
  MessagesSquare,
  ScrollText,
  TrendingUp,
  UserRoundPen,
  Users,
  UsersRound,
  X,
} from 'lucide-react';
import { type ReactNode, Suspense, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { cn } from '@/lib/class-names';
import { toast } from '@/lib/toast';
import { useViewer } from '@/lib/viewer';
import { useSignOut } from '../auth/api';

// spec §2 Admin area: the sidebar links, a sign-out button and a mobile menu. Each link shows
// only to staff whose role opens its page (core staff.ts, the rule the server applies).
const LINKS: { to: AdminPath; label: string; icon: LucideIcon; end?: boolean }[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/business', label: 'Business', icon: TrendingUp },
  { to: '/admin/users', label: 'Users', icon: Users },
  { to: '/admin/one-on-one', label: '1 on 1', icon: MessagesSquare },
  { to: '/admin/program', label: '28-Day Program', icon: LineChart, end: true },
  { to: '/admin/programs', label: 'Programs', icon: LayoutList },
  { to: '/admin/exercises', label: 'Exercises', icon: Dumbbell },
  { to: '/admin/blog', label: 'Six-Pack Guide', icon: BookOpen },
  { to: '/admin/team', label: 'Team', icon: UsersRound },
  { to: '/admin/coach-profile', label: 'My coach profile', icon: UserRoundPen },
  { to: '/admin/audit', label: 'Audit log', icon: ScrollText },
  { to: '/admin/waitlist', label: 'Waitlist', icon: UsersRound },
  { to: '/admin/support', label: 'Support', icon: LifeBuoy },
];

/** What a link shows beside its label (the inbox's unread count), given by the app's router. */
export type AdminLinkBadges = Partial<Record<AdminPath, ReactNode>>;

type AdminPath = (typeof ADMIN_PAGES)[number]['path'];
const capabilityOf = (path: AdminPath) => ADMIN_PAGES.find((page) => page.path === path)!.capability;

function SidebarLinks({ onNavigate, badges }: { onNavigate?: () => void; badges: AdminLinkBadges }) {
  const { staff } = useViewer();
  return (
    <nav aria-label="Admin" className="grid gap-1">
      {LINKS.filter(({ to }) => staffMay(staff, capabilityOf(to))).map(({ to, label, icon: Icon, end }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
              isActive ? 'bg-brand-600 text-white' : 'text-zinc-300 hover:bg-zinc-800 hover:text-white',
            )
          }
        >
          <Icon className="size-4" aria-hidden /> {label}
          {badges[to]}
        </NavLink>
      ))}
    </nav>
  );
}

export function AdminLayout({ badges = {} }: { badges?: AdminLinkBadges }) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const onSignOut = () => {
    signOut();
    toast.success('Signed out');
    void navigate('/');
  };
  const signOutButton = (
    <Button
      variant="ghost"
      className="justify-start text-zinc-300 hover:bg-zinc-800 hover:text-white"
      onClick={onSignOut}
    >
      <LogOut /> Sign out
    </Button>
  );
  return (
    <div className="min-h-screen bg-zinc-50 lg:grid lg:grid-cols-[16rem_1fr]">
      <aside className="theme-fixed hidden flex-col gap-6 bg-zinc-950 p-4 text-white lg:flex [&_a:first-child]:text-white">
        <Logo />
        <SidebarLinks badges={badges} />
        <div className="mt-auto">{signOutButton}</div>
      </aside>
      <header className="theme-fixed flex items-center justify-between bg-zinc-950 px-4 py-3 text-white lg:hidden">
        <Logo />
        <Button
          variant="ghost"
          size="icon"
          aria-label={isMenuOpen ? 'Close admin menu' : 'Open admin menu'}
          onClick={() => setIsMenuOpen(!isMenuOpen)}
          className="text-white hover:bg-zinc-800"
        >
          {isMenuOpen ? <X /> : <Menu />}
        </Button>
      </header>
      {isMenuOpen && (
        <div className="theme-fixed grid gap-2 bg-zinc-950 px-4 pb-4 lg:hidden">
          <SidebarLinks badges={badges} onNavigate={() => setIsMenuOpen(false)} />
          {signOutButton}
        </div>
      )}
      <main id="main" className="min-w-0">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
