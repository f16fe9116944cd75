import type { NewsCounts, NewsPage } from '@core28/core/news';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';
import { useViewer } from '@/lib/viewer';

export const newsKeys = {
  all: ['news'] as const,
  counts: ['news', 'counts'] as const,
  list: ['news', 'list'] as const,
};

/** The counts alone: the first item is all the bell needs of a page. */
export const newsCountsQuery = () =>
  queryOptions({
    queryKey: newsKeys.counts,
    queryFn: async (): Promise<NewsCounts> => {
      const page = (await unwrap(api.news.$get({ query: { limit: '1' } }))) as NewsPage;
      return { unread: page.unread, coachUnread: page.coachUnread };
    },
    staleTime: 30_000,
  });

export const newsListQuery = () =>
  infiniteQueryOptions({
    queryKey: newsKeys.list,
    queryFn: ({ pageParam }) =>
      unwrap(api.news.$get({ query: pageParam ? { before: pageParam } : {} })) as Promise<NewsPage>,
    initialPageParam: '',
    getNextPageParam: (last: NewsPage) => last.nextBefore ?? undefined,
    // The page says it (LoadError); no toast besides.
  });

const NONE: NewsCounts = { unread: 0, coachUnread: 0 };

/**
 * What is unread in "What is new" for the signed-in member (zeros for visitors and while
 * loading): the bell's count, and the tab bar's badges (`coachUnread` on Coach).
 */
export function useNewsCounts(): NewsCounts {
  const { user } = useViewer();
  return useQuery({ ...newsCountsQuery(), enabled: user !== null }).data ?? NONE;
}

/** Marks every item up to `upTo` read; the counts come back with the answer. */
export function useMarkNewsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) => unwrap(api.news.read.$post({ json: { upTo } })),
    onSuccess: (counts) => queryClient.setQueryData(newsKeys.counts, counts),
  });
}
