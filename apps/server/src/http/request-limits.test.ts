import { request as httpRequest, type IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createMember, json, listeningTestApp, signInAdmin, TEST_ORIGIN } from '../testing/harness.ts';

const served = listeningTestApp();

/**
 * A POST that sends its headers and then only `send` bytes of the body at a time, as long as
 * `keepSending` says, and resolves with the answer as soon as one comes: a server that waits for
 * the whole body before refusing it never answers.
 */
function slowPost(
  path: string,
  opts: { headers: Record<string, string>; chunk: Buffer; keepSending: (sent: number) => boolean },
) {
  return new Promise<{ res: IncomingMessage; body: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    const req = httpRequest({
      host: '127.0.0.1',
      port: served.server.port,
      method: 'POST',
      path,
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...opts.headers },
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer within 3 s after ${sent} bytes`));
    }, 3000);
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ res, body, sent });
      });
    });
    req.on('error', () => {}); // the server may close the socket while we still write
    const pump = () => {
      while (opts.keepSending(sent) && !req.destroyed) {
        sent += opts.chunk.length;
        if (!req.write(opts.chunk)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

describe('request body limit', () => {
  it('refuses a 50 MB declared body with 413 before reading it', async () => {
    const { res, body, sent } = await slowPost('/api/contact', {
      headers: { 'content-length': String(50 * 1024 * 1024) },
      chunk: Buffer.alloc(1024, 'a'),
      keepSending: (n) => n < 4096, // then waits: only a server that did not wait for the rest answers
    });
    expect(res.statusCode).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(body)).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large (at most 64 KB).' },
    });
    expect(sent).toBeLessThanOrEqual(4096);
  });

  it('stops reading a chunked body as soon as it passes 64 KB', async () => {
    let answered = false;
    const { res } = await slowPost('/api/contact', {
      headers: { 'transfer-encoding': 'chunked' },
      chunk: Buffer.alloc(16 * 1024, 'a'),
      keepSending: (n) => !answered && n < 512 * 1024,
    }).finally(() => {
      answered = true;
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses an oversized body on every route, signed in or not, even through app.request', async () => {
    const member = await createMember(served.t);
    const big = { title: 'x', description: 'y'.repeat(70 * 1024) };
    const res = await served.t.request('/api/coaching/topics', { cookie: member.cookie, json: big });
    expect(res.status).toBe(413);
    expect((await json(res)).error.code).toBe('PAYLOAD_TOO_LARGE');
    const signIn = await served.t.request('/api/auth/sign-in/email', {
      json: { email: 'a@example.com', password: 'p'.repeat(70 * 1024) },
    });
    expect(signIn.status).toBe(413);
  });

  it('keeps the avatar upload on its own 5 MB limit', async () => {
    const member = await createMember(served.t);
    const form = new FormData();
    form.set('file', new File([Buffer.alloc(200 * 1024, 1)], 'me.png', { type: 'image/png' }));
    const res = await fetch(`http://127.0.0.1:${served.server.port}/api/profile/avatar`, {
      method: 'POST',
      headers: { cookie: member.cookie, origin: TEST_ORIGIN },
      body: form,
    });
    expect(res.status).toBe(415); // read, decoded and refused as not an image: not a 413
  });
});

describe('what the limit leaves alone', () => {
  it('takes an article of the longest content allowed (100,000 characters, escaped as JSON)', async () => {
    const admin = await signInAdmin(served.t);
    const content = '"quoted"\n'.repeat(10_000); // 100,000 characters, 140,000 bytes of JSON
    const res = await served.t.request('/api/admin/blog/articles', {
      cookie: admin,
      json: { title: 'Long read', excerpt: 'Long', content },
    });
    expect(res.status).toBeLessThan(300);
  });
});

describe('malformed percent-encoding', () => {
  it('answers 400 with the error shape on any API path, never 500', async () => {
    for (const path of ['/api/files/%E0%A4%A', '/api/files/%', '/api/blog/articles/%zz', '/api/%C0']) {
      const res = await served.t.request(path);
      expect(res.status, path).toBe(400);
      expect((await json(res)).error.code, path).toBe('BAD_REQUEST');
    }
  });

  it('leaves well-formed escapes alone', async () => {
    const res = await served.t.request('/api/blog/articles/no%20such%20article');
    expect(res.status).toBe(404);
  });
});
