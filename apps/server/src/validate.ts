import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { AppError } from './errors.ts';
import { readJsonBodyFromNode } from './http/node-body.ts';

/** zValidator whose failure is an AppError carrying the schema's own (spec) message. */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) => {
  const validator = zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join('.');
      const message = issue?.message ?? 'Invalid request';
      const isGeneric = /^(Invalid input|Required)/.test(message) && field;
      throw new AppError('BAD_REQUEST', isGeneric ? `${field}: ${message}` : message);
    }
  });
  if (target !== 'json') return validator;
  // A JSON body is read from Node's request when served by Node (http/node-body.ts).
  return ((c, next) => {
    readJsonBodyFromNode(c);
    return validator(c, next);
  }) as typeof validator;
};
