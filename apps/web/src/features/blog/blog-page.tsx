import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { formatDate } from '@/lib/format';
import { articlesQuery } from './api';

export const formatArticleDate = (iso: string | null) => (iso ? formatDate(iso, 'long') : '');

/** The page asked for in ?page=, 1 when there is none or it is not a page number. */
const pageFrom = (value: string | null) => {
  const page = Number(value ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
};
const pageHref = (page: number) => (page === 1 ? '/blog' : `/blog?page=${page}`);

/** Newer and older pages on either side of "Page n of m", which stays in the middle. */
function Pager({ page, pages }: { page: number; pages: number }) {
  return (
    <nav aria-label="Article pages" className="grid grid-cols-[1fr_auto_1fr] items-center gap-2 text-sm">
      <div>
        {page > 1 && (
          <Button asChild variant="outline" className="px-3">
            <Link to={pageHref(page - 1)} rel="prev">
              <ChevronLeft aria-hidden />
              <span>
                Newer<span className="max-sm:sr-only"> articles</span>
              </span>
            </Link>
          </Button>
        )}
      </div>
      <p className="text-zinc-600">
        Page {page} of {pages}
      </p>
      <div className="justify-self-end">
        {page < pages && (
          <Button asChild variant="outline" className="px-3">
            <Link to={pageHref(page + 1)} rel="next">
              <span>
                Older<span className="max-sm:sr-only"> articles</span>
              </span>
              <ChevronRight aria-hidden />
            </Link>
          </Button>
        )}
      </div>
    </nav>
  );
}

export default function BlogPage() {
  const [params] = useSearchParams();
  const page = pageFrom(params.get('page'));
  // The page shown stays while the next one loads, so paging does not flash the loading text.
  const articles = useQuery({ ...articlesQuery(page), placeholderData: keepPreviousData });
  const data = articles.isError ? undefined : articles.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6">
      <header className="grid gap-2 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight">Six-Pack Guide</h1>
        <p className="text-zinc-600">Training, nutrition and recovery advice for a stronger core.</p>
      </header>
      {articles.isPending ? (
        <p className="text-center text-zinc-600">Loading articles...</p>
      ) : !data?.total ? (
        <p className="rounded-2xl border border-zinc-200 p-10 text-center text-zinc-600">
          No articles have been published yet. Check back soon for expert fitness content!
        </p>
      ) : data.articles.length === 0 ? (
        <p className="rounded-2xl border border-zinc-200 p-10 text-center text-zinc-600">
          There is no page {page}.{' '}
          <Link to="/blog" className="font-semibold text-brand-700 underline">
            Go to the newest articles
          </Link>
        </p>
      ) : (
        <>
          <ul
            className={cn(
              'grid gap-6 md:grid-cols-2 lg:grid-cols-3',
              articles.isPlaceholderData && 'opacity-60',
            )}
            aria-busy={articles.isPlaceholderData}
          >
            {data.articles.map((article) => (
              <li key={article.id}>
                <Link
                  to={`/blog/${article.slug}`}
                  className="grid h-full content-start gap-2 rounded-2xl border border-zinc-200 p-6 transition-shadow hover:shadow-md"
                >
                  {article.featuredImageUrl && (
                    <img
                      src={article.featuredImageUrl}
                      alt=""
                      className="aspect-video w-full rounded-xl object-cover"
                      loading="lazy"
                    />
                  )}
                  <p className="text-xs text-zinc-500">{formatArticleDate(article.publishedAt)}</p>
                  <h2 className="text-lg font-bold">{article.title}</h2>
                  <p className="text-sm text-zinc-600">{article.excerpt}</p>
                </Link>
              </li>
            ))}
          </ul>
          {pages > 1 && <Pager page={page} pages={pages} />}
        </>
      )}
    </div>
  );
}
