import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PushTarget } from '../platform/push/push.ts';

/**
 * A push service double: an HTTPS server that takes web-push's POSTs as FCM or
 * Mozilla's would, checks the VAPID Authorization header, decrypts the aes128gcm body (RFC 8291)
 * with the browser's keys it handed out, and answers 201, or 410 (or 404) for a subscription marked gone.
 */
export async function startPushService() {
  const dir = mkdtempSync(path.join(tmpdir(), 'core28-push-'));
  const [keyFile, certFile] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  // A throwaway certificate for 127.0.0.1, trusted only by the agent below.
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile,
  ], { stdio: 'ignore' }); // biome-ignore format: one command
  const [key, cert] = [readFileSync(keyFile), readFileSync(certFile)];
  rmSync(dir, { recursive: true, force: true });

  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const gone = new Map<string, 404 | 410>();
  const received: { path: string; authorization: string; ttl: string; message: unknown }[] = [];

  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = req.url ?? '';
      const browser = browsers.get(id);
      if (!browser) return void res.writeHead(410).end();
      const goneWith = gone.get(id);
      if (goneWith) return void res.writeHead(goneWith).end();
      const authorization = req.headers.authorization ?? '';
      if (!/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/.test(authorization))
        return void res.writeHead(401).end();
      const message = JSON.parse(decrypt(Buffer.concat(chunks), browser).toString('utf8'));
      received.push({ path: id, authorization, ttl: String(req.headers.ttl), message });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    host,
    /** Trusts the double's certificate: for createWebPush({ agent }). */
    agent: new Agent({ ca: cert }),
    received,
    /** A new browser's subscription, as PushSubscription.toJSON() gives it. */
    subscribe(): PushTarget {
      const id = `/push/${randomBytes(8).toString('hex')}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(id, { ecdh, auth });
      return {
        endpoint: `https://${host}${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    /**
     * The push service now answers 410 Gone for this subscription (the browser dropped it), or
     * 404 Not Found, as some services answer for an unknown or expired one.
     */
    expire(endpoint: string, status: 404 | 410 = 410) {
      gone.set(new URL(endpoint).pathname, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 8291 / RFC 8188: one aes128gcm record, decrypted with the browser's private key. */
function decrypt(body: Buffer, { ecdh, auth }: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }) {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const info = (text: string, ...parts: Buffer[]) => Buffer.concat([Buffer.from(text), ...parts]);
  const hkdf = (ikm: Buffer, s: Buffer, i: Buffer, length: number) =>
    Buffer.from(hkdfSync('sha256', ikm, s, i, length));
  const ikm = hkdf(shared, auth, info('WebPush: info\0', ecdh.getPublicKey(), senderKey), 32);
  const cek = hkdf(ikm, salt, info('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, info('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and any zero padding.
  return padded.subarray(0, padded.lastIndexOf(2));
}
