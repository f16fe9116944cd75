import { VIDEO_ERRORS } from '@core28/core/exercise-media';
import { describe, expect, it } from 'vitest';
import { securityHeaderList } from '../../http/security.ts';
import { json } from '../../testing/harness.ts';
import { admin, firstId, MP4, member, removeVideo, setupMediaApp, t, upload } from './media-setup.ts';

// Exercise videos on YouTube as the API shows them, and the Content-Security-Policy that lets
// embeds and videos play.

setupMediaApp();

describe('YouTube links', () => {
  it('become the privacy-enhanced embed; an upload shows first; search pages and other sites are refused', async () => {
    const put = (videoUrl: string) =>
      t.request(`/api/admin/exercises/${firstId}`, {
        method: 'PUT',
        cookie: admin,
        json: { name: 'Dead Bug', category: 'reps', videoUrl },
      });
    const linked = await json(await put('https://youtu.be/dQw4w9WgXcQ?t=15'));
    expect(linked.media).toEqual({
      kind: 'youtube',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=15',
    });
    const today = await json(await t.request('/api/exercises/today', { cookie: member }));
    expect(today.exercise.media).toEqual(linked.media);

    await upload(firstId, MP4);
    expect((await json(await t.request('/api/exercises', { cookie: member }))).exercises[0].media.kind).toBe(
      'upload',
    );
    expect((await json(await removeVideo(firstId))).media.kind).toBe('youtube');

    for (const link of [
      'https://www.youtube.com/results?search_query=dead+bug',
      'https://vimeo.com/1234567',
    ]) {
      const refused = await put(link);
      expect(refused.status).toBe(400);
      expect((await json(refused)).error.message).toBe(VIDEO_ERRORS.notYouTube);
    }
    expect((await json(await put(''))).media).toBeNull();
  });

  it('gives the visitor home exercise its demonstration key', async () => {
    const home = await json(await t.request('/api/exercises/today'));
    expect(home).toMatchObject({
      kind: 'home',
      exercise: { demoKey: expect.stringMatching(/^[a-z-]+$/), media: null },
    });
  });
});

describe('the Content-Security-Policy', () => {
  const directivesOf = (res: Response) =>
    Object.fromEntries(
      (res.headers.get('content-security-policy') ?? '').split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );

  it('lets YouTube embeds frame and videos play from this server, and nothing wider', async () => {
    const directives = directivesOf(await t.request('/api/blog/articles'));
    expect(directives['frame-src']).toBe('https://www.youtube-nocookie.com');
    expect(directives['media-src']).toBe("'self'");
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives['default-src']).toBe("'self'");
  });

  it('adds the bucket to media-src when videos play from S3', () => {
    const headers = securityHeaderList(true, 'https://core28.s3.eu-central-1.amazonaws.com');
    const directives = directivesOf(new Response('ok', { headers }));
    expect(directives['media-src']).toBe("'self' https://core28.s3.eu-central-1.amazonaws.com");
    expect(directives['frame-src']).toBe('https://www.youtube-nocookie.com');
  });
});
