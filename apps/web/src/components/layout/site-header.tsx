import { accountMenuLinks, headerLinks } from '@core28/core/navigation';
import { LogOut, Menu, UserRound, X } from 'lucide-react';
import { Dialog as DialogPrimitive, DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useSignOut, useViewer } from '@/features/auth/api';
import { cn } from '@/lib/utils';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-extrabold tracking-tight">
      <span className="grid size-8 place-items-center rounded-lg bg-brand-600 text-sm text-white">28</span>
      <span className="text-lg">Core28</span>
    </Link>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-brand-600' : 'text-zinc-700 hover:text-zinc-950',
  );

export function SiteHeader() {
  const { user, profile, viewer, isLoading } = useViewer();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const links = headerLinks(viewer);
  const accountLinks = accountMenuLinks(viewer);
  const displayName = profile?.firstName || profile?.displayName || user?.email || '';

  const onSignOut = () => {
    setIsMenuOpen(false);
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
            <DropdownMenu.Root>
              <DropdownMenu.Trigger asChild>
                <button
                  type="button"
                  className="grid size-9 place-items-center rounded-full bg-zinc-900 text-sm font-semibold text-white"
                  aria-label="Account menu"
                >
                  {displayName ? displayName.slice(0, 1).toUpperCase() : <UserRound className="size-4" />}
                </button>
              </DropdownMenu.Trigger>
              <DropdownMenu.Portal>
                <DropdownMenu.Content
                  align="end"
                  sideOffset={8}
                  className="z-50 min-w-48 rounded-xl border border-zinc-200 bg-white p-1 shadow-lg"
                >
                  <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-zinc-500">
                    {user.email}
                  </DropdownMenu.Label>
                  {accountLinks.map((link) => (
                    <DropdownMenu.Item key={link.to} asChild>
                      <Link
                        to={link.to}
                        className="block rounded-lg px-3 py-2 text-sm outline-none data-highlighted:bg-zinc-100"
                      >
                        {link.label}
                      </Link>
                    </DropdownMenu.Item>
                  ))}
                  <DropdownMenu.Separator className="my-1 h-px bg-zinc-100" />
                  <DropdownMenu.Item
                    onSelect={onSignOut}
                    className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-highlighted:bg-zinc-100"
                  >
                    <LogOut className="size-4" /> Sign out
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Portal>
            </DropdownMenu.Root>
          )}
          <DialogPrimitive.Root open={isMenuOpen} onOpenChange={setIsMenuOpen}>
            <DialogPrimitive.Trigger asChild>
              <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
                <Menu className="size-5" />
              </Button>
            </DialogPrimitive.Trigger>
            <DialogPrimitive.Portal>
              <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
              <DialogPrimitive.Content className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-1 bg-white p-4 shadow-xl">
                <div className="mb-4 flex items-center justify-between">
                  <DialogPrimitive.Title className="font-bold">Menu</DialogPrimitive.Title>
                  <DialogPrimitive.Close asChild>
                    <Button variant="ghost" size="icon" aria-label="Close menu">
                      <X className="size-5" />
                    </Button>
                  </DialogPrimitive.Close>
                </div>
                <DialogPrimitive.Description className="sr-only">Site navigation</DialogPrimitive.Description>
                <nav aria-label="Mobile" className="flex flex-col gap-1">
                  {links.map((link) => (
                    <NavLink
                      key={link.to}
                      to={link.to}
                      end={link.to === '/'}
                      className={navClass}
                      onClick={() => setIsMenuOpen(false)}
                    >
                      {link.label}
                    </NavLink>
                  ))}
                  {user ? (
                    <>
                      <hr className="my-2 border-zinc-100" />
                      {accountLinks.map((link) => (
                        <NavLink
                          key={link.to}
                          to={link.to}
                          className={navClass}
                          onClick={() => setIsMenuOpen(false)}
                        >
                          {link.label}
                        </NavLink>
                      ))}
                      <Button variant="outline" className="mt-2" onClick={onSignOut}>
                        <LogOut /> Sign out
                      </Button>
                    </>
                  ) : (
                    <Button asChild className="mt-4">
                      <Link to="/auth" onClick={() => setIsMenuOpen(false)}>
                        Sign In
                      </Link>
                    </Button>
                  )}
                </nav>
              </DialogPrimitive.Content>
            </DialogPrimitive.Portal>
          </DialogPrimitive.Root>
        </div>
      </div>
    </header>
  );
}
