import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertValidKey, createLocalStorage, createS3Storage, s3Origin } from './storage.ts';

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

    const file = await storage.open('avatars/u1/avatar.webp', expires, signature);
    expect(file?.size).toBe(11);
    expect(await new Response(file!.stream()).text()).toBe('image-bytes');
    const part = await storage.open('avatars/u1/avatar.webp', expires, signature);
    expect(await new Response(part!.stream({ start: 6, end: 10 })).text()).toBe('bytes');
    expect(await storage.open('avatars/u2/avatar.webp', expires, signature)).toBeNull();
    expect(await storage.open('avatars/u1/avatar.webp', String(Number(expires) + 1), signature)).toBeNull();
    const forged = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`; // never the signature itself
    expect(await storage.open('avatars/u1/avatar.webp', expires, forged)).toBeNull();
    expect(await storage.open('avatars/../../etc/passwd', expires, signature)).toBeNull();

    now = new Date('2026-05-01T11:00:01Z');
    expect(await storage.open('avatars/u1/avatar.webp', expires, signature)).toBeNull();
  });

  it('keeps serving the bytes it opened while a new upload replaces the file', async () => {
    const storage = createLocalStorage({
      root: await mkdtemp(path.join(tmpdir(), 'core28-files-')),
      secret: 'test-secret-test-secret-test-secret',
    });
    await storage.put('exercises/1/video.mp4', Buffer.from('first video'), 'video/mp4');
    const url = new URL(await storage.signedUrl('exercises/1/video.mp4', 3600), 'http://x');
    const open = () =>
      storage.open(
        'exercises/1/video.mp4',
        url.searchParams.get('expires')!,
        url.searchParams.get('signature')!,
      );
    const playing = await open();
    await storage.put('exercises/1/video.mp4', Buffer.from('second'), 'video/mp4');
    expect(await new Response(playing!.stream()).text()).toBe('first video');
    await storage.remove('exercises/1/video.mp4');
    expect(await open()).toBeNull();
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

  it('answers byte ranges on its presigned links, so a video plays and seeks from the bucket', async () => {
    const s3 = {
      bucket: 'core28-test',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
    const storage = createS3Storage(s3);
    const bytes = Buffer.from('0123456789abcdef');
    await storage.put('exercises/1/video-x.mp4', bytes, 'video/mp4');
    const url = await storage.signedUrl('exercises/1/video-x.mp4', 3600);
    expect(new URL(url).origin).toBe(storage.origin); // what the CSP's media-src allows

    const part = await fetch(url, { headers: { range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/16');
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(await part.text()).toBe('2345');
    const tail = await fetch(url, { headers: { range: 'bytes=10-' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe('bytes 10-15/16');
    expect(await tail.text()).toBe('abcdef');
    const outside = await fetch(url, { headers: { range: 'bytes=16-' } });
    expect(outside.status).toBe(416);
    // The double answers a suffix range (bytes=-3) with the first bytes, where S3 itself follows
    // RFC 9110 (the last bytes): suffix ranges are checked on the local storage only.
    await storage.remove('exercises/1/video-x.mp4');
  });
});

describe('s3Origin', () => {
  it("is the origin of the SDK's own presigned links, for AWS and S3-compatible services", async () => {
    const configs = [
      { bucket: 'core28', region: 'us-east-1' },
      { bucket: 'core28', region: 'eu-central-1' },
      { bucket: 'core28.media', region: 'eu-central-1' },
      { bucket: 'core28', region: 'eu-central-1', forcePathStyle: true },
      { bucket: 'core28', region: 'auto', endpoint: 'https://account.r2.cloudflarestorage.com' },
      { bucket: 'core28', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true },
      { bucket: 'core28', region: 'us-east-1', endpoint: 'https://minio.example.com:9000/' },
      { bucket: 'Core_28', region: 'us-east-1', endpoint: 'https://minio.example.com' },
    ];
    for (const config of configs) {
      const s3 = { accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: false, ...config };
      const url = await createS3Storage(s3).signedUrl('exercises/1/video.mp4', 60);
      expect(s3Origin(s3), JSON.stringify(config)).toBe(new URL(url).origin);
    }
  });
});
