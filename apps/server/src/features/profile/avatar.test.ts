import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../platform/db/schema.ts';
import { createMember, createTestApp, json, type TestApp } from '../../testing/harness.ts';

let t: TestApp;
let clockOffsetMs = 0;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(Date.now() + clockOffsetMs) });
});
afterAll(() => t.close());

const upload = (cookie: string, bytes: Buffer, name: string, type: string) => {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  return t.app.request('/api/profile/avatar', { method: 'POST', body: form, headers: { cookie } });
};

describe('avatar', () => {
  // The header's avatar showed only an initial, whatever photo the member had uploaded.
  it('/api/me carries the signed avatar link the header shows, and none before an upload', async () => {
    const member = await createMember(t);
    expect((await json(await t.request('/api/me', { cookie: member.cookie }))).avatar).toBeNull();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    expect((await upload(member.cookie, png, 'me.png', 'image/png')).status).toBe(200);
    const me = await json(await t.request('/api/me', { cookie: member.cookie }));
    expect(me.avatar.url).toMatch(/^\/api\/files\/avatars\/.+\?expires=\d+&signature=/);
    const image = await t.request(me.avatar.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });

  const pngWithGps = () =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } })
      .withExif({
        IFD0: { Make: 'SpyCam', Model: 'X1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .png()
      .toBuffer();

  it('accepts a real PNG, re-encodes it to a 512px WebP without EXIF, and shows it through a signed link', async () => {
    const member = await createMember(t);
    const original = await pngWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(member.cookie, original, 'me.png', 'image/png');
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.profile.avatarUrl).toBe(`avatars/${member.userId}/avatar.webp`);
    expect(body.avatar.url).toMatch(/^\/api\/files\/avatars\/.+\?expires=\d+&signature=/);

    const image = await t.request(body.avatar.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const stored = Buffer.from(await image.arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a file over 5 MB with 413', async () => {
    const member = await createMember(t);
    const res = await upload(member.cookie, Buffer.alloc(6 * 1024 * 1024, 1), 'big.png', 'image/png');
    expect(res.status).toBe(413);
    expect((await json(res)).error.message).toBe('File too large: Please select an image smaller than 5MB');
  });

  it('refuses a text file named .png and an SVG with 415, whatever their declared type', async () => {
    const member = await createMember(t);
    const text = await upload(
      member.cookie,
      Buffer.from('just some text, honestly'),
      'photo.png',
      'image/png',
    );
    expect(text.status).toBe(415);
    expect((await json(text)).error.message).toMatch(/^Invalid file type/);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect((await upload(member.cookie, svg, 'a.svg', 'image/svg+xml')).status).toBe(415);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, member.userId));
    expect(profile?.avatarUrl).toBeNull();
  });

  it('refuses a tampered or expired signed link with 403', async () => {
    const member = await createMember(t);
    const body = await json(await upload(member.cookie, await pngWithGps(), 'me.png', 'image/png'));
    const url = new URL(body.avatar.url, 'http://x');
    const otherKey = `/api/files/avatars/someone-else/avatar.webp${url.search}`;
    expect((await t.request(otherKey)).status).toBe(403);
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await t.request(url.pathname + url.search)).status).toBe(403);
    // A traversal never reaches the file system: normalised away (404) or refused (403).
    const traversal = await t.request(
      '/api/files/avatars/%2E%2E/%2E%2E/etc/passwd?expires=9999999999&signature=x',
    );
    expect([403, 404]).toContain(traversal.status);

    clockOffsetMs = -2 * 3600_000; // a link made two hours ago has expired by now
    const old = await json(await t.request('/api/profile', { cookie: member.cookie })).finally(() => {
      clockOffsetMs = 0;
    });
    expect((await t.request(old.avatar.url)).status).toBe(403);
  });
});
