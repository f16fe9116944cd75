import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler, Next, ValidationTargets } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { resolver, uniqueSymbol } from 'hono-openapi';
import type { ZodType, z } from 'zod';
import { AppError } from './errors.ts';
import { readJsonBodyFromNode } from './http/node-body.ts';

type Issue = { path: PropertyKey[]; message: string; code?: string; errors?: Issue[][] };
type Outcome = { success: true; data: unknown } | { success: false; error: { issues: Issue[] } };

/**
 * A union's failure names the problem of the option the body was meant for: the one whose fields
 * are there and of the right types (fewest invalid_type issues), then the one with fewest issues.
 * Zod answers a bare "Invalid input" when more than one option failed.
 */
function firstIssue(issues: Issue[]): Issue | undefined {
  const [issue] = issues;
  if (issue?.code !== 'invalid_union' || !issue.errors?.length) return issue;
  const wrongTypes = (branch: Issue[]) => branch.filter((i) => i.code === 'invalid_type').length;
  const [best] = [...issue.errors].sort((a, b) => wrongTypes(a) - wrongTypes(b) || a.length - b.length);
  const inner = best && firstIssue(best);
  return inner ? { ...inner, path: [...issue.path, ...inner.path] } : issue;
}

/** A failed validation as an AppError carrying the schema's own (spec) message. */
function refuseInvalid(result: Outcome) {
  if (result.success) return;
  const issue = firstIssue(result.error.issues);
  const field = issue?.path.join('.');
  const message = issue?.message ?? 'Invalid request';
  const isGeneric = /^(Invalid input|Required)/.test(message) && field;
  throw new AppError('BAD_REQUEST', isGeneric ? `${field}: ${message}` : message);
}

/** A value checked outside a validator (a multipart field), refused as `validate` refuses one. */
export function validValue<T extends ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value) as Outcome;
  refuseInvalid(result);
  return (result as { data: z.output<T> }).data;
}

/**
 * What hono's validator reads for these targets, read the same way without it: it reads the
 * Content-Type header for every target, and served by Node that builds a fetch Headers of the
 * whole request (~6 KB of garbage a request).
 */
const readers: Partial<Record<keyof ValidationTargets, (c: Context) => unknown>> = {
  param: (c) => c.req.param(),
  query: (c) =>
    Object.fromEntries(
      Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0] : values]),
    ),
};

/**
 * zValidator whose failure is an AppError carrying the schema's own (spec) message. The schema
 * also describes the route in /api/openapi.json: hono-openapi reads it from the middleware.
 */
export const validate = <T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) => described(target, schema, validatorOf(target, schema));

/** hono-openapi's mark on a validating middleware: its target and the schema's resolver. */
const described = <M extends object>(target: keyof ValidationTargets, schema: ZodType, middleware: M): M =>
  Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema) } });

const validatorOf = <T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) => {
  const validator = zValidator(target, schema, refuseInvalid);
  const passOn = async (c: Context, next: Next, value: unknown) => {
    const result = (await schema.safeParseAsync(value)) as Outcome;
    refuseInvalid(result);
    c.req.addValidatedData(target, (result as { data: object }).data);
    await next();
  };
  const read = readers[target];
  if (read) return ((c, next) => passOn(c, next, read(c))) as typeof validator;
  if (target !== 'json') return validator;
  // A JSON body served by Node is read from Node's request (http/node-body.ts) and validated here:
  // hono's validator would build a fetch Headers to read its one header, and a fetch Response to
  // parse the text. What it does with the text is what this does: parse it, or 400 'Malformed JSON
  // in request body' (a client gone early too).
  const json: MiddlewareHandler = async (c, next) => {
    const text = readJsonBodyFromNode(c);
    if (!text) return validator(c, next);
    let value: unknown;
    try {
      value = JSON.parse(await text);
    } catch {
      throw new HTTPException(400, { message: 'Malformed JSON in request body' });
    }
    await passOn(c, next, value);
  };
  return json as unknown as typeof validator;
};
