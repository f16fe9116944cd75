import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export const latestArticlesQuery = (limit: number) =>
  queryOptions({
    queryKey: ['articles', 'latest', limit],
    queryFn: () => unwrap(api.blog.articles.$get({ query: { limit: String(limit) } })),
    staleTime: 5 * 60_000,
  });
