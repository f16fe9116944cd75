import { CircleAlert } from 'lucide-react';
import { Slot } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '@/lib/class-names';
import { Label } from './label';

/** What a form control needs to be tied to its label, its hint and its error message. */
export type ControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

function controlProps(id: string, { error, hint }: { error?: string; hint?: ReactNode }): ControlProps {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

/** The message under a field; its id is what the control's aria-describedby names. */
export function FieldError({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm text-red-700">
      <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      {children}
    </p>
  );
}

/**
 * A labelled form control with its hint and its error message under it. The control (the one
 * child, or what a render function returns around it) gets the id, aria-invalid and
 * aria-describedby.
 */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode | ((control: ControlProps) => ReactNode);
}) {
  const control = controlProps(id, { error, hint });
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {typeof children === 'function' ? children(control) : <Slot.Root {...control}>{children}</Slot.Root>}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-zinc-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A checkbox with its label beside it and its error message under both. */
export function CheckboxField({
  id,
  error,
  children,
  ...input
}: {
  id: string;
  error?: string;
  children: ReactNode;
} & Omit<React.ComponentProps<'input'>, 'type' | 'id' | 'children'>) {
  const control = controlProps(id, { error });
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-brand-600" {...input} {...control} />
        <label htmlFor={id}>{children}</label>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
