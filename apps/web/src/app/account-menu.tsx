import { accountMenuLinks, type Viewer } from '@core28/core/navigation';
import { Download, LogOut, Share } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { AvatarButton, type AvatarProps } from './avatar-button';
import { isAddToHomeScreenDevice, useInstallOffer } from './pwa/install-prompt';

/** The signed-in member's menu; loaded only for signed-in members, off the first paint. */
export default function AccountMenu({
  email,
  avatar,
  viewer,
  open,
  onOpenChange,
  onSignOut,
}: {
  email: string;
  avatar: AvatarProps;
  viewer: Viewer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignOut: () => void;
}) {
  const install = useInstallOffer();
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <AvatarButton {...avatar} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-48 rounded-xl border border-zinc-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-zinc-500">
            {email}
          </DropdownMenu.Label>
          {accountMenuLinks(viewer).map((link) => (
            <DropdownMenu.Item key={link.to} asChild>
              <Link
                to={link.to}
                className="block rounded-lg px-3 py-2 text-sm outline-none data-highlighted:bg-zinc-100"
              >
                {link.label}
              </Link>
            </DropdownMenu.Item>
          ))}
          {install && (
            // Offered only while the browser offers to install the app.
            <DropdownMenu.Item
              onSelect={() => void install()}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-highlighted:bg-zinc-100"
            >
              <Download className="size-4" /> Install app
            </DropdownMenu.Item>
          )}
          {!install && isAddToHomeScreenDevice() && (
            // Safari on iPhone and iPad makes no install offer: the Share menu adds the app.
            <p className="flex max-w-64 items-start gap-2 px-3 py-2 text-sm text-zinc-700">
              <Share className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                Install Core28: tap <strong>Share</strong>, then <strong>Add to Home Screen</strong>.
              </span>
            </p>
          )}
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
  );
}
