import { describe, expect, it } from 'vitest';
import { VIDEO_ERRORS, youtubeEmbedUrl, youtubeVideoId } from './exercise-media.ts';
import { ExerciseInputSchema } from './exercises.ts';

const EMBED = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

describe('youtubeEmbedUrl', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?v=dQw4w9WgXcQ&list=PL123&index=2',
    'http://www.youtube.com/watch/?feature=share&v=dQw4w9WgXcQ',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://WWW.YouTube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abcdef',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://youtube.com/shorts/dQw4w9WgXcQ/',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/live/dQw4w9WgXcQ',
    '  https://youtu.be/dQw4w9WgXcQ  ',
  ])('turns %s into the privacy-enhanced embed', (link) => {
    expect(youtubeEmbedUrl(link)).toBe(EMBED);
  });

  it('keeps a start time', () => {
    expect(youtubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ?t=42')).toBe(`${EMBED}?start=42`);
    expect(youtubeEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s')).toBe(`${EMBED}?start=90`);
    expect(youtubeEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ?start=75')).toBe(`${EMBED}?start=75`);
    expect(youtubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ?t=soon')).toBe(EMBED);
    expect(youtubeEmbedUrl('https://youtu.be/dQw4w9WgXcQ?t=0')).toBe(EMBED);
  });

  it.each([
    // the seeded search links, and every other YouTube page that is not one video
    'https://www.youtube.com/results?search_query=dead+bug+exercise+tutorial',
    'https://www.youtube.com/',
    'https://www.youtube.com/watch',
    'https://www.youtube.com/watch?v=',
    'https://www.youtube.com/watch?list=PL1234567890',
    'https://www.youtube.com/playlist?list=PL1234567890',
    'https://www.youtube.com/@coach',
    'https://www.youtube.com/channel/UC1234567890',
    'https://www.youtube.com/shorts/',
    // ids of the wrong shape
    'https://youtu.be/dQw4w9WgXc',
    'https://youtu.be/dQw4w9WgXcQQ',
    'https://youtu.be/dQw4w9WgX%3C',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://youtu.be/dQw4w9WgXcQ/extra',
    // other hosts and look-alikes
    'https://vimeo.com/123456789',
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ',
    'https://user@youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
    'https://notyoutu.be/dQw4w9WgXcQ',
    // not web links
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    'ftp://youtube.com/watch?v=dQw4w9WgXcQ',
    'youtube.com/watch?v=dQw4w9WgXcQ',
    '',
  ])('refuses %s', (link) => {
    expect(youtubeEmbedUrl(link)).toBeNull();
    expect(youtubeVideoId(link)).toBeNull();
  });
});

describe('ExerciseInputSchema videoUrl', () => {
  const parse = (videoUrl: string) => ExerciseInputSchema.safeParse({ name: 'Plank', videoUrl });

  it('takes nothing, or a YouTube video link', () => {
    expect(parse('').success).toBe(true);
    expect(parse('https://youtu.be/dQw4w9WgXcQ').data?.videoUrl).toBe('https://youtu.be/dQw4w9WgXcQ');
  });

  it('refuses other links with one clear message each', () => {
    const search = parse('https://www.youtube.com/results?search_query=plank');
    expect(search.error?.issues.map((issue) => issue.message)).toEqual([VIDEO_ERRORS.notYouTube]);
    const vimeo = parse('https://vimeo.com/123456789');
    expect(vimeo.error?.issues.map((issue) => issue.message)).toEqual([VIDEO_ERRORS.notYouTube]);
    const bare = parse('youtube.com/watch');
    expect(bare.error?.issues.map((issue) => issue.message)).toEqual([
      'The video link must start with http:// or https://',
    ]);
  });
});
