import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export const latestArticlesQuery = (limit: number) =>
  queryOptions({
    queryKey: ['articles', 'latest', limit],
    queryFn: () => unwrap(api.blog.articles.$get({ query: { limit: String(limit) } })),
    staleTime: 5 * 60_000,
  });

/**
 * One page of /blog, newest first, in the server's page size; the answer carries the page size
 * and how many articles there are in all. (core/blog stays out: it brings the Markdown renderer.)
 */
export const articlesQuery = (page: number) =>
  queryOptions({
    queryKey: ['articles', 'page', page],
    queryFn: () => unwrap(api.blog.articles.$get({ query: { page: String(page) } })),
    staleTime: 60_000,
  });

export const articleQuery = (slug: string) =>
  queryOptions({
    queryKey: ['articles', 'slug', slug],
    queryFn: () => unwrap(api.blog.articles[':slug'].$get({ param: { slug } })),
    staleTime: 60_000,
    retry: false,
  });
