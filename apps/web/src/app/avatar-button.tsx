import { UserRound } from 'lucide-react';
import type { ComponentProps } from 'react';

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
      className="grid size-11 place-items-center sm:size-9 overflow-hidden rounded-full bg-zinc-900 text-sm font-semibold text-white"
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
