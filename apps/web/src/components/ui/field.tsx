import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

/** A labelled form control: the label points at the control by id. */
export function Field({
  id,
  label,
  children,
  className,
}: {
  id: string;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
