import type { ArticleInput } from '@core28/core/blog';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export const adminArticlesQuery = () =>
  queryOptions({ queryKey: ['admin', 'articles'], queryFn: () => unwrap(api.admin.blog.articles.$get()) });

export type AdminArticle = Awaited<
  ReturnType<NonNullable<ReturnType<typeof adminArticlesQuery>['queryFn']>>
>[number];

/** Every change reloads the admin list and the public lists (spec §7: the list reloads after each change). */
function useArticleMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey.includes('articles') }),
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
