import type { NewsItem } from '@core28/core/news';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { viewerKeys } from '@/lib/viewer';
import { newsKeys, useNewsCounts } from './api';
import { BellLink } from './news-bell';
import { NewsRow } from './news-page';

const render = (node: React.ReactNode, client = new QueryClient()) =>
  renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('the bell', () => {
  it('names its count, shows it as a badge, and caps it at 99+', () => {
    const three = render(<BellLink unread={3} />);
    expect(three).toContain('aria-label="What is new, 3 unread"');
    expect(three).toContain('href="/news"');
    expect(three).toMatch(/data-testid="news-count"[^>]*>3</);
    expect(three).toContain('size-11'); // 44 px
    expect(render(<BellLink unread={0} />)).not.toContain('news-count');
    expect(render(<BellLink unread={0} />)).toContain('aria-label="What is new"');
    expect(render(<BellLink unread={120} />)).toContain('>99+<');
  });
});

function Counts() {
  const { unread, coachUnread } = useNewsCounts();
  return <output>{`${unread}/${coachUnread}`}</output>;
}

describe('useNewsCounts', () => {
  it("answers the signed-in member's counts, zeros before they are known", () => {
    const client = new QueryClient();
    client.setQueryData(viewerKeys.me, { user: { id: 'u1', email: 'a@b.c' } } as never);
    expect(render(<Counts />, client)).toContain('0/0');
    client.setQueryData(newsKeys.counts, { unread: 4, coachUnread: 2 });
    expect(render(<Counts />, client)).toContain('4/2');
  });
});

describe('an item', () => {
  const item: NewsItem = {
    id: 'n1',
    kind: 'coach-reply',
    title: 'Your coach replied',
    body: 'Keep your back flat.',
    url: '/one-on-one?topic=t1',
    createdAt: new Date().toISOString(),
    isRead: false,
  };
  it('opens where it happened and says it is new until read', () => {
    const html = render(<NewsRow item={item} />);
    expect(html).toContain('href="/one-on-one?topic=t1"');
    expect(html).toContain('Keep your back flat.');
    expect(html).toContain('(new)');
    expect(render(<NewsRow item={{ ...item, isRead: true }} />)).not.toContain('(new)');
  });
});
