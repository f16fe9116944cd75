import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { HonoRequest } from 'hono/request';
import { describe, expect, it, vi } from 'vitest';
import { contactMessages } from '../platform/db/schema.ts';
import { listeningTestApp, TEST_ORIGIN } from '../testing/harness.ts';
import { bodyText } from './node-body.ts';

// Served by Node, a JSON body is read from Node's request (http/node-body.ts), not through
// a fetch Request built over it. What a client sends must mean what it meant before.

const served = listeningTestApp();

/** POST /api/contact over HTTP with the body in these pieces (each its own write), declared or chunked. */
function postContact(pieces: Buffer[], { chunked = false } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
    const req = httpRequest({
      host: '127.0.0.1',
      port: served.server.port,
      method: 'POST',
      path: '/api/contact',
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'application/json',
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(length) }),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    const write = (i: number) => {
      if (i === pieces.length) return void req.end();
      req.write(pieces[i]);
      setTimeout(() => write(i + 1), 20); // separate packets
    };
    write(0);
  });
}

const stored = async (email: string) =>
  (await served.t.db.select().from(contactMessages).where(eq(contactMessages.email, email)))[0];

describe('JSON bodies read from Node', () => {
  it('reads a body sent in pieces, a character split between them, declared or chunked', async () => {
    for (const chunked of [false, true]) {
      const email = `pieces-${chunked}@example.com`;
      const text = JSON.stringify({ name: 'Zoë', email, message: 'Plank 💪 daily' });
      const bytes = Buffer.from(text);
      const cut = bytes.indexOf(Buffer.from('💪')) + 2; // inside the emoji's four bytes
      const res = await postContact([bytes.subarray(0, cut), bytes.subarray(cut)], { chunked });
      expect(res.status, res.body).toBe(200);
      expect(await stored(email)).toMatchObject({ name: 'Zoë', message: 'Plank 💪 daily' });
    }
  });

  it('drops a leading byte-order mark and replaces bad UTF-8, as a fetch body does', async () => {
    const email = 'bom@example.com';
    const res = await postContact([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`{"name":"A`),
      Buffer.from([0xff]),
      Buffer.from(`B","email":"${email}","message":"Hi"}`),
    ]);
    expect(res.status, res.body).toBe(200);
    expect((await stored(email))?.name).toBe('A\uFFFDB');
  });

  it('answers malformed JSON with 400 in the one error shape, and stores nothing', async () => {
    const res = await postContact([Buffer.from('{"name":"A","email":"bad@example.com",')]);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: expect.any(String), message: expect.any(String) },
    });
    expect(await stored('bad@example.com')).toBeUndefined();
  });
});

it('validates a JSON body served by Node without building a fetch Headers or Response', async () => {
  // hono's validator reads the Content-Type through one (a copy of every header) and parses the text
  // through a Response: ~9 KB of garbage a request.
  const header = vi.spyOn(HonoRequest.prototype, 'header');
  const email = 'no-headers@example.com';
  await served.t.db.delete(contactMessages); // the tests above used this address's allowance
  try {
    const res = await postContact([Buffer.from(JSON.stringify({ name: 'A', email, message: 'Hi' }))]);
    expect(res.status, res.body).toBe(200);
    expect(header).not.toHaveBeenCalled();
  } finally {
    header.mockRestore();
  }
  expect(await stored(email)).toMatchObject({ name: 'A' });
});

describe('bodyText', () => {
  const body = () => new Readable({ read() {} });

  it('reads the text, and leaves nothing listening for the close that follows the end', async () => {
    const incoming = body();
    const closes = incoming.listenerCount('close');
    const text = bodyText(incoming);
    // Listened to after the read's own: what is left for the 'close' that follows.
    const atEnd = new Promise((resolve) =>
      incoming.once('end', () => resolve(incoming.listenerCount('close'))),
    );
    incoming.push(Buffer.from('{"a":'));
    incoming.push(Buffer.from('1}'));
    incoming.push(null);
    expect(await text).toBe('{"a":1}');
    // A request's 'close' follows its 'end': nothing of the read may run then (an Error each time).
    expect(await atEnd).toBe(closes);
  });

  it('rejects when the client goes before the end of its body', async () => {
    const incoming = body();
    const text = bodyText(incoming);
    incoming.push(Buffer.from('{"a":'));
    incoming.destroy();
    await expect(text).rejects.toThrow('the request body ended early');
  });
});
