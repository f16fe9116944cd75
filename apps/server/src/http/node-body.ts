import type { Readable } from 'node:stream';
import type { Context } from 'hono';
import { nodeRequest } from './node-request.ts';

// A JSON body read straight from Node's request. Through hono, `c.req.json()` on
// @hono/node-server builds a whole fetch Request over the request (an AbortController, a copy of
// its headers, a web ReadableStream over the socket) only to read a few hundred bytes through it.

/** hono's validator reads a body as JSON for these content types only (hono/validator). */
const JSON_CONTENT_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/;
/** As a fetch body's text(): UTF-8, a leading BOM dropped, bad sequences replaced (not thrown). */
const utf8 = new TextDecoder();

/**
 * The whole body of Node's request as text; rejects when the client goes before sending it all.
 * A request closes after its end too: the listener for a client gone early goes at the end, or
 * every request made an Error (its stack captured) to reject a promise already resolved, 6–45 µs
 * of CPU a request (a node:http server reading 60-byte JSON bodies, Node 24, 3 rounds).
 */
export function bodyText(incoming: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const goneEarly = () => reject(new Error('the request body ended early'));
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => {
      incoming.off('close', goneEarly);
      resolve(utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    });
    incoming.once('error', reject);
    incoming.once('close', goneEarly);
  });
}

/**
 * Served by Node, a JSON body with a declared length that nothing has read yet is read from Node's
 * request into hono's body cache, where `c.req.json()` (and the validator) take it from; the read
 * is returned (null when it is not this case). The limit on its size was checked before
 * (http/body-limit.ts refuses a declared length over it, and Node reads no more than the declared
 * length). A chunked body, a body already read, another type, or no Node request (`app.request` in
 * tests): hono reads it as before. Every content type this reads is one hono's validator reads as
 * JSON too (its pattern takes more: upper case, any parameters).
 */
export function readJsonBodyFromNode(c: Context): Promise<string> | null {
  const incoming = nodeRequest(c);
  if (!incoming || incoming.readableDidRead || incoming.readableEnded) return null;
  const { headers } = incoming;
  if (headers['content-length'] === undefined || headers['transfer-encoding'] !== undefined) return null;
  if (!JSON_CONTENT_TYPE.test(headers['content-type'] ?? '')) return null;
  if (Object.keys(c.req.bodyCache).length > 0) return null;
  const text = bodyText(incoming);
  // What hono keeps there is the read's promise (its own type says the text).
  (c.req.bodyCache as { text?: Promise<string> }).text = text;
  return text;
}
