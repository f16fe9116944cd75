import { headerLinks } from '@core28/core/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { Menu, UserRound } from 'lucide-react';
import { type ComponentProps, lazy, Suspense, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { meQuery, useSignOut, useViewer } from '@/features/auth/api';
import { cn } from '@/lib/utils';

// The account menu and the mobile sheet (Radix menus, dialogs and floating-ui) stay out of the
// entry chunk: visitors never need the first, and nobody needs the second before a tap.
const AccountMenu = lazy(() => import('./account-menu'));
const MobileMenu = lazy(() => import('./mobile-menu'));

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-extrabold tracking-tight">
      <span className="grid size-8 place-items-center rounded-lg bg-brand-600 text-sm text-white">28</span>
      <span className="text-lg">Core28</span>
    </Link>
  );
}

export const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-brand-600' : 'text-zinc-700 hover:text-zinc-950',
  );

export type AvatarProps = {
  initial: string;
  /** The member's photo (a signed link), or null to show the initial. */
  photoUrl: string | null;
  onPhotoError: () => void;
};

/** The avatar button; the same element before and after the menu behind it has loaded. */
export function AvatarButton({
  initial,
  photoUrl,
  onPhotoError,
  ...props
}: AvatarProps & ComponentProps<'button'>) {
  return (
    <button
      type="button"
      className="grid size-9 place-items-center overflow-hidden rounded-full bg-zinc-900 text-sm font-semibold text-white"
      aria-label="Account menu"
      {...props}
    >
      {photoUrl ? (
        <img src={photoUrl} alt="" className="size-full object-cover" onError={onPhotoError} />
      ) : (
        initial || <UserRound className="size-4" />
      )}
    </button>
  );
}

/**
 * The header photo. Its signed link expires (spec §9: 3600 s); when it no longer loads, the
 * session is read again once for a fresh link, and the initial shows if that one fails too.
 */
function useHeaderPhoto(url: string | null) {
  const queryClient = useQueryClient();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const onPhotoError = () => {
    if (failedUrl === null) void queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
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
