import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createMember, createTestApp, type TestApp } from '../testing/harness.ts';

// What every request passes through, kept while made cheaper — one request line with
// its id, the request's id on whatever a service logs, compression only when the client asks.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The app on `t`'s database with a logger whose lines the test reads. */
function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { app: createApp({ ...t.deps, log: pino({ level: 'info' }, sink) }), lines };
}

describe('request logs', () => {
  it('one line per request with its id, method, path, status and time; probes are not logged', async () => {
    const { app, lines } = appWithLog();
    const res = await app.request('/api/blog/articles');
    expect(res.status).toBe(200);
    await app.request('/api/health');
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/blog/articles',
        status: 200,
        ms: expect.any(Number),
      }),
    ]);
    expect(requests[0]!.reqId).toBe(res.headers.get('x-request-id'));
  });

  it('a request the checks refuse is still logged, counted and answered with its id and the security headers', async () => {
    const { app, lines } = appWithLog();
    const refusals: { path: string; init: RequestInit; status: number }[] = [
      {
        path: '/api/contact',
        init: { method: 'POST', headers: { origin: 'https://evil.example' } },
        status: 403,
      },
      { path: '/api/blog/articles/%E0%A4%A', init: {}, status: 400 },
      {
        path: '/api/contact',
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: 'x'.repeat(65 * 1024),
        },
        status: 413,
      },
    ];
    for (const { path, init, status } of refusals) {
      const res = await app.request(path, init);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      const reqId = res.headers.get('x-request-id');
      expect(reqId, path).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines.find((line) => line.reqId === reqId && line.msg === 'request')?.status, path).toBe(status);
    }
    const metrics = await t.deps.metrics.registry.metrics();
    expect(metrics).toMatch(/core28_http_requests_total\{method="POST",route="[^"]+",status="403"\} \d/);
  });

  it("a service's log line in a request carries that request's id", async () => {
    const { app, lines } = appWithLog();
    const member = await createMember(t);
    // spec §6: a failed admin check is logged (by the session read) and the member goes on.
    await t.db.execute(sql`alter table user_roles rename to user_roles_away`);
    try {
      const res = await app.request('/api/me', { headers: { cookie: member.cookie } });
      expect(res.status).toBe(200);
      const reqId = res.headers.get('x-request-id');
      const ofRequest = lines.filter((line) => line.reqId === reqId).map((line) => line.msg);
      expect(ofRequest).toEqual(['staff roles read failed; treated as a member', 'request']);
    } finally {
      await t.db.execute(sql`alter table user_roles_away rename to user_roles`);
    }
  });
});

describe("a request's own logger", () => {
  it('is made only when a service logs: signed-in reads that log nothing make none', async () => {
    const log = pino({ level: 'info' }, new Writable({ write: (_chunk, _encoding, done) => done() }));
    const app = createApp({ ...t.deps, log });
    const member = await createMember(t);
    const children: unknown[] = [];
    const child = log.child.bind(log);
    log.child = ((bindings, options) => {
      children.push(bindings);
      return child(bindings, options);
    }) as typeof log.child;
    for (const path of ['/api/me', '/api/program', '/api/profile', '/api/exercises'])
      expect((await app.request(path, { headers: { cookie: member.cookie } })).status, path).toBe(200);
    expect(children).toEqual([]);

    // The admin check's failure is logged, through a child with the request's id.
    await t.db.execute(sql`alter table user_roles rename to user_roles_away`);
    try {
      expect((await app.request('/api/me', { headers: { cookie: member.cookie } })).status).toBe(200);
    } finally {
      await t.db.execute(sql`alter table user_roles_away rename to user_roles`);
    }
    expect(children).toEqual([{ reqId: expect.any(String) }]);
  });
});

describe('request logs keep secrets out', () => {
  it("a calendar feed's token, the key in its path, is never written: the line shows the route", async () => {
    const { app, lines } = appWithLog();
    const member = await createMember(t);
    const answer = await t.request('/api/calendar/link', { method: 'POST', cookie: member.cookie });
    const link = (await answer.json()) as { url: string };
    const feed = new URL(link.url).pathname;
    const token = feed.split('/').at(-1)!.replace('.ics', '');
    expect((await app.request(feed)).status).toBe(200);
    expect((await app.request(`/api/calendar/${token}x.ics`)).status).toBe(404);
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(lines.filter((line) => line.msg === 'request').map((line) => [line.path, line.status])).toEqual([
      ['/api/calendar/{token}.ics', 200],
      ['/api/calendar/{token}.ics', 404],
    ]);
  });
});

describe('request ids over HTTP', () => {
  it("every answer carries its id: a proxy's plain token kept, anything else replaced", async () => {
    const server = await t.listen();
    try {
      // a probe (answered before the pipeline) and an answer of the pipeline
      for (const path of ['/api/health', '/api/blog/articles']) {
        const get = (headers: Record<string, string> = {}) =>
          fetch(`http://127.0.0.1:${server.port}${path}`, { headers });
        const made = await get();
        expect(made.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
        expect(made.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(made.headers.get('content-type'), path).toMatch(/^application\/json/);
        expect((await get()).headers.get('x-request-id'), path).not.toBe(made.headers.get('x-request-id'));
        expect((await get({ 'x-request-id': 'lb-7f3a=' })).headers.get('x-request-id'), path).toBe(
          'lb-7f3a=',
        );
        for (const bad of ['a b', 'a'.repeat(256), '<script>'])
          expect((await get({ 'x-request-id': bad })).headers.get('x-request-id'), path).toMatch(
            /^[0-9a-f-]{36}$/,
          );
      }
      // An answer made by the error handler carries it too.
      const missing = await fetch(`http://127.0.0.1:${server.port}/api/no-such-route`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await server.close();
    }
  });
});

describe('compression', () => {
  it('gzips a body of 1 KB or more for a client that asks, and says so in Vary', async () => {
    const res = await t.request('/api/blog/articles', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
  });

  it('leaves the answer to a client that does not ask as it is, without Vary', async () => {
    const res = await t.request('/api/blog/articles');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary') ?? '').not.toMatch(/accept-encoding/i);
    expect(((await res.json()) as { articles: unknown[] }).articles.length).toBeGreaterThan(0);
  });

  it('over HTTP: an answer under 1 KB goes as it is, a larger one gzipped at once', async () => {
    const server = await t.listen();
    const member = await createMember(t);
    try {
      const get = (path: string, encoding: string) =>
        fetch(`http://127.0.0.1:${server.port}${path}`, {
          headers: { 'accept-encoding': encoding, cookie: member.cookie },
        });
      const small = await get('/api/no-such-route', 'gzip, deflate, br');
      expect(small.status).toBe(404);
      expect(small.headers.get('content-encoding')).toBeNull();
      expect(small.headers.get('content-length')).toBe(String(JSON.stringify(await small.json()).length));
      for (const path of ['/api/blog/articles', '/api/program']) {
        const large = await get(path, 'gzip, deflate, br');
        expect(large.headers.get('content-encoding'), path).toBe('gzip');
        expect(large.headers.get('vary'), path).toMatch(/accept-encoding/i);
        expect(large.headers.get('x-content-type-options'), path).toBe('nosniff'); // set before, kept
        const plain = await get(path, 'identity');
        expect(plain.headers.get('content-encoding'), path).toBeNull();
        expect(await large.text(), path).toBe(await plain.text()); // fetch un-gzips it
      }
      // gzip refused (q=0): nothing this server can send but the plain answer or deflate
      const refused = await get('/api/blog/articles', 'gzip;q=0, deflate');
      expect(refused.headers.get('content-encoding')).not.toBe('gzip');
    } finally {
      await server.close();
    }
  });
});

describe('routing', () => {
  it("matches every route with hono's RegExpRouter, not its slower trie router", async () => {
    // SmartRouter picks its router on the first request: one route pattern the RegExpRouter refuses
    // (a parameter beside a fixed segment, such as /calendar/:file beside /calendar/link) moves
    // every request of the app onto the trie router.
    const app = createApp(t.deps);
    await app.request('/api/health');
    expect(app.router.name).toBe('SmartRouter + RegExpRouter');
  });
});
