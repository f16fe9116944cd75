import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export const articleKeys = {
  published: ['articles'] as const,
  latest: (limit: number) => ['articles', 'latest', limit] as const,
  page: (page: number) => ['articles', 'page', page] as const,
  slug: (slug: string) => ['articles', 'slug', slug] as const,
  admin: ['admin', 'articles'] as const,
};

export const latestArticlesQuery = (limit: number) =>
  queryOptions({
    queryKey: articleKeys.latest(limit),
    queryFn: () => unwrap(api.blog.articles.$get({ query: { limit: String(limit) } })),
    staleTime: 5 * 60_000,
    meta: { errorLog: 'Failed to load the latest articles' }, // spec §8: the section is left out
  });

/**
 * One page of /blog, newest first, in the server's page size; the answer carries the page size
 * and how many articles there are in all. (core/blog stays out: it brings the Markdown renderer.)
 */
export const articlesQuery = (page: number) =>
  queryOptions({
    queryKey: articleKeys.page(page),
    queryFn: () => unwrap(api.blog.articles.$get({ query: { page: String(page) } })),
    staleTime: 60_000,
    meta: { errorLog: 'Failed to load articles' }, // spec §8: shown as the empty state
  });

export const articleQuery = (slug: string) =>
  queryOptions({
    queryKey: articleKeys.slug(slug),
    queryFn: () => unwrap(api.blog.articles[':slug'].$get({ param: { slug } })),
    staleTime: 60_000,
    retry: false,
  });
