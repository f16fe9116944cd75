import type { ArticleInput } from '@core28/core/blog';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '@/lib/api';
import { articleKeys } from './api';

export const adminArticlesQuery = () =>
  queryOptions({
    queryKey: articleKeys.admin,
    queryFn: () => unwrap(api.admin.blog.articles.$get()),
    meta: { errorToast: { title: 'Failed to fetch articles' } },
  });

export type AdminArticle = InferResponseType<typeof api.admin.blog.articles.$get, 200>[number];

/** Every change reloads the admin list and the public lists (spec §7: the list reloads after each change). */
function useArticleMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: articleKeys.admin }),
        queryClient.invalidateQueries({ queryKey: articleKeys.published }),
      ]),
  });
}

export const useSaveArticle = () =>
  useArticleMutation(({ id, input }: { id: string | null; input: ArticleInput }) =>
    id
      ? unwrap(api.admin.blog.articles[':id'].$put({ param: { id }, json: input }))
      : unwrap(api.admin.blog.articles.$post({ json: input })),
  );

export const useDeleteArticle = () =>
  useArticleMutation((id: string) => unwrap(api.admin.blog.articles[':id'].$delete({ param: { id } })));
