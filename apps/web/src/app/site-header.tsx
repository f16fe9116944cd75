import { headerLinks } from '@core28/core/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { authKeys, useSignOut } from '@/features/auth/api';
import { toast } from '@/lib/toast';
import { useViewer } from '@/lib/viewer';
import { AvatarButton } from './avatar-button';
import { MemberBell } from './member-parts';
import { navClass } from './nav-class';

// The account menu and the mobile sheet (Radix menus, dialogs and floating-ui) stay out of the
// entry chunk: visitors never need the first, and nobody needs the second before a tap.
const AccountMenu = lazy(() => import('./account-menu'));
const MobileMenu = lazy(() => import('./mobile-menu'));

/**
 * The header photo. Its signed link expires (spec §9: 3600 s); when it no longer loads, the
 * session is read again once for a fresh link, and the initial shows if that one fails too.
 */
function useHeaderPhoto(url: string | null) {
  const queryClient = useQueryClient();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const onPhotoError = () => {
    if (failedUrl === null) void queryClient.invalidateQueries({ queryKey: authKeys.me });
    setFailedUrl(url);
  };
  return { photoUrl: url && url !== failedUrl ? url : null, onPhotoError };
}

export function SiteHeader() {
  const { user, profile, avatarUrl, viewer, isLoading } = useViewer();
  const photo = useHeaderPhoto(avatarUrl);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [isAccountMenuOpen, setIsAccountMenuOpen] = useState(false);
  const [hasOpenedMenu, setHasOpenedMenu] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const links = headerLinks(viewer);
  const displayName = profile?.firstName || profile?.displayName || user?.email || '';
  const initial = displayName.slice(0, 1).toUpperCase();

  const onSignOut = () => {
    setIsMenuOpen(false);
    setIsAccountMenuOpen(false);
    signOut();
    toast.success('Signed out');
    void navigate('/');
  };

  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          {!isLoading && !user && (
            <Button asChild size="sm" className="hidden sm:inline-flex">
              <Link to="/auth">Sign In</Link>
            </Button>
          )}
          {user && <MemberBell />}
          {user && (
            // A tap before the menu's code has arrived is kept: the menu opens as soon as it loads.
            <Suspense
              fallback={
                <AvatarButton initial={initial} {...photo} onClick={() => setIsAccountMenuOpen(true)} />
              }
            >
              <AccountMenu
                email={user.email}
                avatar={{ initial, ...photo }}
                viewer={viewer}
                open={isAccountMenuOpen}
                onOpenChange={setIsAccountMenuOpen}
                onSignOut={onSignOut}
              />
            </Suspense>
          )}
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={isMenuOpen}
            onClick={() => {
              setHasOpenedMenu(true);
              setIsMenuOpen(true);
            }}
          >
            <Menu className="size-5" />
          </Button>
          {hasOpenedMenu && (
            <Suspense fallback={null}>
              <MobileMenu
                open={isMenuOpen}
                onOpenChange={setIsMenuOpen}
                viewer={viewer}
                isSignedIn={user !== null}
                onSignOut={onSignOut}
                onClosed={() => menuButton.current?.focus()}
              />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}
