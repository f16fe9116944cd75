import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The one form hook: react-hook-form validated by a core schema, the same one the server checks
 * the request with (STYLE.md example 2). Errors show after the first submit and update as the
 * member types; the first invalid field receives focus.
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    resolver: zodResolver(schema),
  });
}

/** The first message in field order, for the screens whose spec toast repeats it. */
export function firstErrorMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === 'string' && error.message) return error.message;
  }
  return undefined;
}
