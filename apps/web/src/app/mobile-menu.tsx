import { mobileMenuLinks, type Viewer } from '@core28/core/navigation';
import { LogOut, X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { navClass } from './nav-class';

/** The mobile navigation sheet; loaded the first time the menu button is pressed. */
export default function MobileMenu({
  open,
  onOpenChange,
  viewer,
  isSignedIn,
  onSignOut,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  viewer: Viewer;
  isSignedIn: boolean;
  onSignOut: () => void;
  /** Focus goes back to the menu button (the sheet has no trigger of its own). */
  onClosed: () => void;
}) {
  const close = () => onOpenChange(false);
  const links = mobileMenuLinks(viewer);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            onClosed();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-1 bg-white p-4 shadow-xl"
        >
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
            {links.main.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.to === '/'} className={navClass} onClick={close}>
                {link.label}
              </NavLink>
            ))}
            {isSignedIn ? (
              <>
                <hr className="my-2 border-zinc-100" />
                {links.account.map((link) => (
                  <NavLink key={link.to} to={link.to} className={navClass} onClick={close}>
                    {link.label}
                  </NavLink>
                ))}
                <Button variant="outline" className="mt-2" onClick={onSignOut}>
                  <LogOut /> Sign out
                </Button>
              </>
            ) : (
              <Button asChild className="mt-4">
                <Link to="/auth" onClick={close}>
                  Sign In
                </Link>
              </Button>
            )}
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
