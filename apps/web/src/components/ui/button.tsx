import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/class-names';

const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-semibold transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-brand-600 text-white hover:bg-brand-700',
        outline: 'border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50',
        secondary: 'bg-zinc-900 text-white hover:bg-zinc-800',
        ghost: 'text-zinc-700 hover:bg-zinc-100',
        link: 'text-brand-600 underline-offset-4 hover:underline',
        inverse: 'bg-white text-zinc-900 hover:bg-zinc-100',
      },
      // At least 44 × 44 px on a phone (WCAG 2.5.5); denser from the sm breakpoint, where a
      // pointer is the usual way in.
      size: {
        default: 'h-11 px-4 py-2 sm:h-10',
        sm: 'h-11 px-3 sm:h-9',
        lg: 'h-12 px-6 text-base',
        icon: 'size-11 sm:size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return <Comp className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
