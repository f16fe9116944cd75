import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError } from './errors.ts';

/** zValidator whose failure is an AppError carrying the schema's own (spec) message. */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join('.');
      const message = issue?.message ?? 'Invalid request';
      const isGeneric = /^(Invalid input|Required)/.test(message) && field;
      throw new AppError('BAD_REQUEST', isGeneric ? `${field}: ${message}` : message);
    }
  });
