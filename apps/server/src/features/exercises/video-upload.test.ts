import { VIDEO_ERRORS } from '@core28/core/exercise-media';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { json } from '../../testing/harness.ts';
import {
  admin,
  ebmlFile,
  firstId,
  isoFile,
  MAX_BYTES,
  MP4,
  member,
  otherId,
  PNG,
  removeVideo,
  setupMediaApp,
  storedFiles,
  t,
  upload,
  videoColumns,
  WEBM,
} from './media-setup.ts';

// Exercise videos uploaded by the admin, as the API shows them, and their stored files served in
// byte ranges.

setupMediaApp();

describe('uploading an exercise video', () => {
  it.each([
    ['a PNG named .mp4 and declared video/mp4', PNG, 'demo.mp4', 'video/mp4'],
    ['a QuickTime movie', isoFile('qt'), 'demo.mp4', 'video/mp4'],
    ['an audio-only MP4', isoFile('M4A'), 'demo.mp4', 'video/mp4'],
    ['a Matroska file', ebmlFile('matroska'), 'demo.webm', 'video/webm'],
    ['text', Buffer.from('not a video at all'), 'demo.webm', 'video/webm'],
    ['an empty file', Buffer.alloc(0), 'demo.mp4', 'video/mp4'],
  ])('refuses %s: 415, nothing stored', async (_, bytes, name, type) => {
    const res = await upload(otherId, bytes, name, type);
    expect(res.status).toBe(415);
    expect(await json(res)).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: VIDEO_ERRORS.notAVideo },
    });
    expect(await storedFiles(otherId)).toEqual([]);
    expect((await videoColumns(otherId))?.key).toBeNull();
  });

  it('refuses a video over VIDEO_MAX_BYTES with 413, declared or streamed, and stores nothing', async () => {
    const tooLarge = { error: { code: 'PAYLOAD_TOO_LARGE', message: VIDEO_ERRORS.tooLarge(MAX_BYTES) } };
    // a file a little over the limit, inside the room left for the multipart framing
    const res = await upload(otherId, isoFile('isom', MAX_BYTES + 1));
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual(tooLarge);
    // a body far over it, refused by its Content-Length before it is read
    const declared = await t.app.request(`/api/admin/exercises/${otherId}/video`, {
      method: 'POST',
      body: 'x',
      headers: {
        cookie: admin,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': '200000',
      },
    });
    expect(declared.status).toBe(413);
    expect(declared.headers.get('connection')).toBe('close');
    // the same without a length (chunked), refused as it passes the limit
    const streamed = await t.app.request(`/api/admin/exercises/${otherId}/video`, {
      method: 'POST',
      body: new Blob([Buffer.alloc(200_000)]).stream(),
      duplex: 'half',
      headers: { cookie: admin, 'content-type': 'multipart/form-data; boundary=x' },
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await storedFiles(otherId)).toEqual([]);
  });

  it('keeps the 64 KB limit on the other admin exercise routes', async () => {
    const res = await t.request(`/api/admin/exercises/${otherId}`, {
      method: 'PUT',
      cookie: admin,
      json: { name: 'Plank', description: 'x'.repeat(70 * 1024) },
    });
    expect(res.status).toBe(413);
  });

  it('asks for the file in the field "file", and 404s an exercise that does not exist', async () => {
    const asJson = await t.request(`/api/admin/exercises/${otherId}/video`, { cookie: admin, json: {} });
    expect(asJson.status).toBe(400);
    expect((await json(asJson)).error.message).toBe(VIDEO_ERRORS.missingFile);
    const missing = await upload(999_999, MP4);
    expect(missing.status).toBe(404);
    expect(await storedFiles(999_999)).toEqual([]);
  });

  it('stores an MP4 whatever its name, shows it to members through a signed link, and serves it', async () => {
    const res = await upload(firstId, MP4, 'clip.bin', 'application/octet-stream');
    expect(res.status).toBe(200);
    const exercise = await json(res);
    expect(exercise).toMatchObject({
      id: firstId,
      demoKey: 'dead-bug',
      videoSize: MP4.length,
      media: {
        kind: 'upload',
        type: 'video/mp4',
        url: expect.stringMatching(/^\/api\/files\/exercises\/.+\.mp4\?expires=\d+&signature=/),
      },
    });
    expect(exercise).not.toHaveProperty('videoKey');

    const file = await t.app.request(exercise.media.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect(file.headers.get('accept-ranges')).toBe('bytes');
    expect(file.headers.get('content-length')).toBe(String(MP4.length));
    expect(Buffer.from(await file.arrayBuffer()).equals(MP4)).toBe(true);

    const list = await json(await t.request('/api/exercises', { cookie: member }));
    expect(list.exercises[0]).toMatchObject({
      id: firstId,
      demoKey: 'dead-bug',
      media: { kind: 'upload', type: 'video/mp4' },
    });
    expect(list.exercises[0]).not.toHaveProperty('videoKey');
    const today = await json(await t.request('/api/exercises/today', { cookie: member }));
    expect(today.exercise.media).toMatchObject({ kind: 'upload', type: 'video/mp4' });
    expect((await t.app.request(today.exercise.media.url)).status).toBe(200);
  });

  it('answers byte ranges: 206 with exactly those bytes, suffixes, HEAD, and 416 outside the file', async () => {
    const { media } = await json(await t.request(`/api/exercises/today`, { cookie: member })).then(
      (b) => b.exercise,
    );
    const get = (range: string, method = 'GET') => t.app.request(media.url, { method, headers: { range } });

    const part = await get('bytes=100-199');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${MP4.length}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await part.arrayBuffer()).equals(MP4.subarray(100, 200))).toBe(true);

    const open = await get('bytes=990-');
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(MP4.subarray(990))).toBe(true);

    const suffix = await get('bytes=-24');
    expect(suffix.headers.get('content-range')).toBe(`bytes 976-999/${MP4.length}`);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(MP4.subarray(-24))).toBe(true);

    const head = await get('bytes=0-1', 'HEAD');
    expect(head.status).toBe(206);
    expect(head.headers.get('content-length')).toBe('2');
    expect(head.headers.get('content-range')).toBe(`bytes 0-1/${MP4.length}`);
    expect(await head.text()).toBe('');

    const outside = await get(`bytes=${MP4.length}-`);
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${MP4.length}`);
    expect((await json(outside)).error.code).toBe('RANGE_NOT_SATISFIABLE');

    // The signature's first character changed (to 'A', unless it is 'A': then the link would be intact).
    const forged = media.url.replace(/signature=(.)/, (_: string, first: string) =>
      first === 'A' ? 'signature=B' : 'signature=A',
    );
    expect(forged).not.toBe(media.url);
    const tampered = await t.app.request(forged, {
      headers: { range: 'bytes=0-1' },
    });
    expect(tampered.status).toBe(403);
  });

  it('streams ranges over real HTTP, across read chunks, and answers HEAD without a body', async () => {
    const big = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 251));
    await t.deps.storage.put('exercises/http/video-big.mp4', big, 'video/mp4');
    const server = await t.listen();
    try {
      const url = `http://127.0.0.1:${server.port}${await t.deps.storage.signedUrl('exercises/http/video-big.mp4', 60)}`;
      const part = await fetch(url, { headers: { range: 'bytes=65000-200000' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-length')).toBe('135001');
      expect(Buffer.from(await part.arrayBuffer()).equals(big.subarray(65000, 200001))).toBe(true);
      const whole = await fetch(url);
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer()).equals(big)).toBe(true);
      const head = await fetch(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe('300000');
      expect(head.headers.get('accept-ranges')).toBe('bytes');
    } finally {
      await server.close();
      await t.deps.storage.remove('exercises/http/video-big.mp4');
    }
  });

  it('replaces the video with a WebM, deleting the old file, and removes it on DELETE', async () => {
    const before = await json(await t.request('/api/exercises/today', { cookie: member }));
    const res = await upload(firstId, WEBM, 'clip.webm', 'video/webm');
    expect(res.status).toBe(200);
    const replaced = await json(res);
    expect(replaced.media).toMatchObject({ kind: 'upload', type: 'video/webm' });
    expect(replaced.media.url).toMatch(/\.webm\?/);
    expect(await storedFiles(firstId)).toHaveLength(1);
    expect((await t.app.request(before.exercise.media.url)).status).toBe(403); // the old file is gone
    const file = await t.app.request(replaced.media.url);
    expect(file.headers.get('content-type')).toBe('video/webm');
    expect(Buffer.from(await file.arrayBuffer()).equals(WEBM)).toBe(true);

    const removed = await removeVideo(firstId);
    expect(removed.status).toBe(200);
    expect(await json(removed)).toMatchObject({ id: firstId, media: null, videoSize: null });
    expect(await storedFiles(firstId)).toEqual([]);
    expect(await videoColumns(firstId)).toEqual({ key: null, type: null, size: null });
    expect((await removeVideo(firstId)).status).toBe(200); // nothing left to remove: still fine
    expect((await removeVideo(999_999)).status).toBe(404);
  });

  it('never answers 5xx to whatever bytes are uploaded, and stores only MP4 or WebM', async () => {
    const prefixes = [
      Buffer.alloc(0),
      isoFile('isom', 32).subarray(0, 12),
      ebmlFile('webm', 32).subarray(0, 20),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...prefixes),
        fc.uint8Array({ maxLength: 600 }),
        async (prefix, tail) => {
          const res = await upload(otherId, Buffer.concat([prefix, tail]));
          expect([200, 415]).toContain(res.status);
          const { type } = (await videoColumns(otherId))!;
          if (res.status === 200) expect(['video/mp4', 'video/webm']).toContain(type);
        },
      ),
      { numRuns: 150 },
    );
    await removeVideo(otherId);
    expect(await storedFiles(otherId)).toEqual([]);
  });
});
