import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export const latestArticlesQuery = (limit: number) =>
  queryOptions({
    queryKey: ['articles', 'latest', limit],
    queryFn: () => unwrap(api.blog.articles.$get({ query: { limit: String(limit) } })),
    staleTime: 5 * 60_000,
  });

export const articlesQuery = () =>
  queryOptions({
    queryKey: ['articles', 'all'],
    queryFn: () => unwrap(api.blog.articles.$get({ query: {} })),
    staleTime: 60_000,
  });

export const articleQuery = (slug: string) =>
  queryOptions({
    queryKey: ['articles', 'slug', slug],
    queryFn: () => unwrap(api.blog.articles[':slug'].$get({ param: { slug } })),
    staleTime: 60_000,
    retry: false,
  });
