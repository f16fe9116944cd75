import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertValidKey, createLocalStorage, createS3Storage } from './storage.ts';

describe('local storage', () => {
  it('signs links that open the file until they expire, and refuses tampering', async () => {
    let now = new Date('2026-05-01T10:00:00Z');
    const storage = createLocalStorage({
      root: await mkdtemp(path.join(tmpdir(), 'core28-files-')),
      secret: 'test-secret-test-secret-test-secret',
      now: () => now,
    });
    await storage.put('avatars/u1/avatar.webp', Buffer.from('image-bytes'), 'image/webp');
    const url = new URL(await storage.signedUrl('avatars/u1/avatar.webp', 3600), 'http://x');
    const [expires, signature] = [url.searchParams.get('expires')!, url.searchParams.get('signature')!];

    expect((await storage.read('avatars/u1/avatar.webp', expires, signature))?.toString()).toBe(
      'image-bytes',
    );
    expect(await storage.read('avatars/u2/avatar.webp', expires, signature)).toBeNull();
    expect(await storage.read('avatars/u1/avatar.webp', String(Number(expires) + 1), signature)).toBeNull();
    expect(await storage.read('avatars/u1/avatar.webp', expires, `${signature.slice(0, -1)}A`)).toBeNull();
    expect(await storage.read('avatars/../../etc/passwd', expires, signature)).toBeNull();

    now = new Date('2026-05-01T11:00:01Z');
    expect(await storage.read('avatars/u1/avatar.webp', expires, signature)).toBeNull();
  });

  it('accepts only plain relative keys', () => {
    expect(() => assertValidKey('avatars/u1/avatar.webp')).not.toThrow();
    for (const bad of ['../x', 'a/../b', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', '']) {
      expect(() => assertValidKey(bad), bad).toThrow();
    }
  });
});

describe('S3 storage', () => {
  let server: S3rver;
  let endpoint: string;

  beforeAll(async () => {
    // A local S3-compatible server: the only stand-in is the bucket service itself.
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: await mkdtemp(path.join(tmpdir(), 'core28-s3rver-')),
      configureBuckets: [{ name: 'core28-test', configs: [] }],
    });
    const address = (await server.run()) as AddressInfo;
    endpoint = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => server.close());

  it('stores, shows through a presigned link, and removes', async () => {
    const storage = createS3Storage({
      bucket: 'core28-test',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    await storage.put('avatars/u1/avatar.webp', Buffer.from('webp-bytes'), 'image/webp');
    const url = await storage.signedUrl('avatars/u1/avatar.webp', 3600);
    expect(url).toContain('X-Amz-Signature=');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(await res.text()).toBe('webp-bytes');

    await storage.remove('avatars/u1/avatar.webp');
    expect((await fetch(await storage.signedUrl('avatars/u1/avatar.webp', 3600))).status).toBe(404);
  });
});
