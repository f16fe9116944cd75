import type { Query } from '@tanstack/react-query';
import { toast } from '@/lib/toast';

type ErrorToast = { title: string; description?: string };

/** What a query's failure shows, set on the query as `meta` (spec §8 names the texts). */
type QueryErrorMeta = {
  /** The toast; a function may return null for an error the page answers otherwise. */
  errorToast?: ErrorToast | ((error: Error) => ErrorToast | null);
  /** A failure the spec only logs: the page falls back to its empty state. */
  errorLog?: string;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryErrorMeta;
  }
}

/** The query cache's one error handler: called once for each fetch that failed for good. */
export function reportQueryError(error: Error, query: Query<unknown, unknown, unknown>) {
  const { errorToast, errorLog } = query.meta ?? {};
  if (errorLog) console.error(errorLog, error);
  const shown = typeof errorToast === 'function' ? errorToast(error) : errorToast;
  if (shown) toast.error(shown.title, shown.description ? { description: shown.description } : undefined);
}
