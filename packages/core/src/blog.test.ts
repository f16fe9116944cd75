import { describe, expect, it } from 'vitest';
import {
  articleFormSchema,
  articleStatus,
  PUBLICATION_DATE_MESSAGE,
  publicationDateError,
  renderArticle,
  slugify,
  startOfTodayUtc,
} from './blog.ts';

describe('slugify (spec §5)', () => {
  it('lowercases and joins words with one hyphen', () => {
    expect(slugify('Why Planks Beat Crunches')).toBe('why-planks-beat-crunches');
    expect(slugify('  Many   spaces\there ')).toBe('many-spaces-here');
  });
  it('drops symbols and collapses hyphens', () => {
    expect(slugify('Abs: 5 tips (2026)!')).toBe('abs-5-tips-2026');
    expect(slugify('core -- strength --- now')).toBe('core-strength-now');
    expect(slugify('--leading and trailing--')).toBe('leading-and-trailing');
  });
  it('folds accents and drops other scripts', () => {
    expect(slugify('Crème brûlée à la carte')).toBe('creme-brulee-a-la-carte');
    expect(slugify('Пресс 28 дней')).toBe('28');
    expect(slugify('!!!')).toBe('');
  });
});

describe('articleStatus', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('is draft, scheduled or published at a fixed time', () => {
    expect(articleStatus({ published: false, publishedAt: null }, now)).toBe('draft');
    expect(articleStatus({ published: true, publishedAt: '2026-05-01T12:00:01Z' }, now)).toBe('scheduled');
    expect(articleStatus({ published: true, publishedAt: '2026-05-01T12:00:00Z' }, now)).toBe('published');
    expect(articleStatus({ published: true, publishedAt: null }, now)).toBe('published');
  });
});

describe('renderArticle', () => {
  it('renders Markdown', () => {
    expect(renderArticle('## Title\n\n**bold** and a [link](https://example.com)')).toContain(
      '<h2>Title</h2>',
    );
    expect(renderArticle('[x](https://example.com)')).toContain('rel="noopener noreferrer nofollow"');
  });
  it('links web addresses, bare "www." ones too, opening other sites in a new tab; a file name stays text', () => {
    const html = renderArticle('See www.example.com, https://core28.app/x and notes.txt');
    expect(html).toContain(
      '<a href="http://www.example.com" target="_blank" rel="noopener noreferrer nofollow">www.example.com</a>',
    );
    expect(html).toContain('<a href="https://core28.app/x" target="_blank"');
    expect(html).toContain('and notes.txt</p>');
  });

  it('never lets an article run script', () => {
    const html = renderArticle(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3))\n\n[data](data:text/html;base64,PHNjcmlwdD4=)',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toMatch(/href="data:/i);
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('publicationDateError (spec §5: not earlier than the start of today)', () => {
  const now = new Date('2026-08-01T10:00:00Z');
  const check = (chosen: string, stored: string | null = null) =>
    publicationDateError({ chosen: new Date(chosen), stored: stored ? new Date(stored) : null, now });

  it('accepts today (UTC) and later, refuses a new date before today', () => {
    expect(startOfTodayUtc(now).toISOString()).toBe('2026-08-01T00:00:00.000Z');
    expect(check('2026-08-01T00:00:00Z')).toBeNull();
    expect(check('2026-09-01T08:00:00Z')).toBeNull();
    expect(check('2026-07-31T23:59:59Z')).toBe(PUBLICATION_DATE_MESSAGE);
  });

  it('always accepts the stored date unchanged, also as a picker sends it (minutes only)', () => {
    const stored = '2026-07-20T08:15:42.123Z';
    expect(check(stored, stored)).toBeNull();
    expect(check('2026-07-20T08:15:00.000Z', stored)).toBeNull();
    expect(check('2026-07-20T08:16:00.000Z', stored)).toBe(PUBLICATION_DATE_MESSAGE);
    expect(check('2026-07-20T08:14:00.000Z', stored)).toBe(PUBLICATION_DATE_MESSAGE);
  });
});

describe('articleFormSchema (the editor checks what the server checks)', () => {
  const now = () => new Date('2026-08-01T10:00:00Z');
  const article = { title: 'T', excerpt: 'E', content: 'C', published: true };
  const paths = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('reports a date before today beside the other fields, and only for a published article', () => {
    const schema = articleFormSchema({ stored: null, now });
    expect(
      paths(schema.safeParse({ ...article, title: ' ', publishedAt: '2026-07-31T09:00:00.000Z' })),
    ).toEqual([
      ['title', 'Title is required'],
      ['publishedAt', PUBLICATION_DATE_MESSAGE],
    ]);
    expect(
      schema.safeParse({ ...article, published: false, publishedAt: '2026-07-31T09:00:00.000Z' }).success,
    ).toBe(true);
  });

  it('accepts the stored date of an article published before today', () => {
    const schema = articleFormSchema({ stored: new Date('2026-07-20T08:15:42.123Z'), now });
    expect(schema.safeParse({ ...article, publishedAt: '2026-07-20T08:15:42.123Z' }).success).toBe(true);
  });
});
