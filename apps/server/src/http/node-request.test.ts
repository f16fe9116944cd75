import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHeader } from './node-request.ts';

// The pipeline reads request headers from Node's request (no fetch Headers built). What
// it reads must be what `c.req.header` reads, over HTTP, header by header.

const NAMES = [
  'accept-encoding',
  'Origin',
  'sec-fetch-site',
  'x-forwarded-for',
  'idempotency-key',
  'x-absent',
];

const app = new Hono().get('/headers', (c) =>
  c.json(
    Object.fromEntries(
      NAMES.map((name) => [name, [requestHeader(c, name) ?? null, c.req.header(name) ?? null]]),
    ),
  ),
);
let server: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** GET /headers with these raw headers (an array value is that header sent once per value). */
function send(headers: Record<string, string | string[]>) {
  return new Promise<Record<string, [string | null, string | null]>>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/headers', headers });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve(JSON.parse(body)));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('requestHeader over HTTP', () => {
  it('reads each header as c.req.header does: any case, absent, and sent twice', async () => {
    const read = await send({
      'Accept-Encoding': 'gzip, deflate, br',
      origin: 'https://core28.example',
      'SEC-FETCH-SITE': 'same-origin',
      'x-forwarded-for': ['203.0.113.7', '198.51.100.2'],
      'idempotency-key': ['one', 'two'],
    });
    for (const name of NAMES) expect(read[name]![0], name).toBe(read[name]![1]);
    expect(read['x-forwarded-for']![0]).toBe('203.0.113.7, 198.51.100.2');
    expect(read['accept-encoding']![0]).toBe('gzip, deflate, br');
    expect(read['x-absent']![0]).toBeNull();
  });

  it('through app.request (no Node request): c.req.header itself', async () => {
    const res = await app.request('/headers', { headers: { origin: 'https://core28.example' } });
    const read = (await res.json()) as Record<string, [string | null, string | null]>;
    expect(read.Origin).toEqual(['https://core28.example', 'https://core28.example']);
  });
});
