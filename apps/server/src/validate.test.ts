import { Hono } from 'hono';
import { HonoRequest } from 'hono/request';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { onError } from './http/on-error.ts';
import { validate } from './validate.ts';

// validate() reads a path's parameters and a query as hono's validator does, without it: hono's reads
// the Content-Type header for every target, and served by Node that builds a fetch Headers of the
// whole request. What a client sends must mean what it meant before.

const app = new Hono()
  .get(
    '/days/:day',
    validate('param', z.object({ day: z.coerce.number().int().min(1, 'Day must be 1 or more') })),
    validate(
      'query',
      z.object({ tag: z.array(z.string()).or(z.string()).optional(), q: z.string().optional() }),
    ),
    (c) => c.json({ ...c.req.valid('param'), ...c.req.valid('query') }),
  )
  .post('/notes', validate('json', z.object({ text: z.string() })), (c) => c.json(c.req.valid('json')))
  .onError(onError as never);

afterEach(() => vi.restoreAllMocks());

describe('validate', () => {
  it('reads a path parameter and a query (one value, or all of a repeated key) without reading a header', async () => {
    const header = vi.spyOn(HonoRequest.prototype, 'header');
    const one = await app.request('/days/3?q=plank%20hold');
    expect(await one.json()).toEqual({ day: 3, q: 'plank hold' });
    const many = await app.request('/days/4?tag=a&tag=b');
    expect(await many.json()).toEqual({ day: 4, tag: ['a', 'b'] });
    expect(header).not.toHaveBeenCalled();
  });

  it('answers with the schema’s own message, or the field’s name before a generic one', async () => {
    const low = await app.request('/days/0');
    expect(low.status).toBe(400);
    expect(await low.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'Day must be 1 or more' } });
    const missing = await app.request('/notes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(
      /^text: Invalid input/,
    );
  });

  it('reads a JSON body as hono does: malformed is a 400, another type is no body', async () => {
    const post = (body: string, type: string) =>
      app.request('/notes', { method: 'POST', headers: { 'content-type': type }, body });
    expect(await (await post('{"text":"hi"}', 'application/json; charset=utf-8')).json()).toEqual({
      text: 'hi',
    });
    const malformed = await post('{"text":', 'application/json');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Malformed JSON in request body' },
    });
    expect((await post('{"text":"hi"}', 'text/plain')).status).toBe(400);
  });
});
