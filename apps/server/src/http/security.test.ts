import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createTestApp, type TestApp } from '../testing/harness.ts';
import { machineSecurityHeaderList, securityHeaderList, THEME_SCRIPT_HASH } from './security.ts';

// Served by Node, the security headers are set on Node's response before the answer is
// made (no Headers object per request); through app.request, on the answer. Both must say the same.

let t: TestApp;
let base = '';
let close: () => void;
beforeAll(async () => {
  t = await createTestApp();
  const server = serve({ fetch: createApp(t.deps).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(async () => {
  close();
  await t.close();
});

const expected = () => securityHeaderList(t.config.isProduction, t.deps.storage.origin);
const lowerCased = (headers: Headers) =>
  Object.fromEntries([...headers].map(([k, v]) => [k.toLowerCase(), v]));

describe('security headers', () => {
  // a JSON answer, a refusal, an unknown API path, a page of the web app, a write without a session
  const requests: [string, { json?: unknown }?][] = [
    ['/api/blog/articles'],
    ['/api/me'],
    ['/api/nothing-here'],
    ['/'],
    ['/api/program/complete', { json: { day: 1 } }],
  ];
  const overHttp = (path: string, init?: { json?: unknown }) =>
    fetch(
      `${base}${path}`,
      init?.json === undefined
        ? undefined
        : {
            method: 'POST',
            body: JSON.stringify(init.json),
            headers: { 'content-type': 'application/json' },
          },
    );

  it('every answer over HTTP carries each of them, exactly once', async () => {
    for (const [path, init] of requests) {
      const res = await overHttp(path, init);
      const got = lowerCased(res.headers);
      for (const [name, value] of expected()) expect(got[name.toLowerCase()], `${path}: ${name}`).toBe(value);
    }
  });

  it('through app.request the same headers with the same values', async () => {
    for (const [path, init] of requests) {
      const [served, inProcess] = await Promise.all([overHttp(path, init), t.request(path, init)]);
      const names = expected().map(([name]) => name.toLowerCase());
      const pick = (headers: Headers) => names.map((name) => [name, headers.get(name)]);
      expect(pick(inProcess.headers), path).toEqual(pick(served.headers));
    }
  });

  it("the load balancer's probes carry the headers of a machine's JSON answer", async () => {
    for (const path of ['/api/health', '/api/ready']) {
      const [served, inProcess] = await Promise.all([overHttp(path), t.request(path)]);
      for (const res of [served, inProcess]) {
        expect(res.status, path).toBe(200);
        const got = lowerCased(res.headers);
        for (const [name, value] of machineSecurityHeaderList(t.config.isProduction))
          expect(got[name.toLowerCase()], `${path}: ${name}`).toBe(value);
        expect(got['cache-control'], path).toBe('no-store');
        expect(got['x-request-id'], path).toMatch(/^[\w-]+$/);
        expect(got['content-type'], path).toBe('application/json');
        expect(await res.json(), path).toHaveProperty('status');
      }
    }
    // the policy of a page is not a probe's: it lets nothing load or frame it
    const csp = (await overHttp('/api/health')).headers.get('content-security-policy');
    expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('lets videos come from the storage bucket and embeds only from YouTube', () => {
    const csp = new Map(securityHeaderList(true, 'https://bucket.example')).get('Content-Security-Policy');
    expect(csp).toContain("media-src 'self' https://bucket.example");
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(new Map(securityHeaderList(true)).get('Strict-Transport-Security')).toContain('max-age=');
    expect(new Map(securityHeaderList(false)).has('Strict-Transport-Security')).toBe(false);
  });

  it("allows index.html's inline theme script by its hash, and no other inline script", () => {
    const html = readFileSync(path.join(import.meta.dirname, '../../../web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}'`;
    expect(THEME_SCRIPT_HASH).toBe(hash);
    const csp = new Map(securityHeaderList(true)).get('Content-Security-Policy');
    expect(csp).toContain(`script-src 'self' ${hash};`);
  });
});
