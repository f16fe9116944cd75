import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { articlesQuery } from './api';

export const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }) : '';

export default function BlogPage() {
  const articles = useQuery(articlesQuery());
  useEffect(() => {
    if (articles.isError) console.error('Failed to load articles', articles.error); // spec §8: shown as the empty state
  }, [articles.isError, articles.error]);

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6">
      <header className="grid gap-2 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight">Six-Pack Guide</h1>
        <p className="text-zinc-600">Training, nutrition and recovery advice for a stronger core.</p>
      </header>
      {articles.isPending ? (
        <p className="text-center text-zinc-600">Loading articles...</p>
      ) : !articles.data?.length ? (
        <p className="rounded-2xl border border-zinc-200 p-10 text-center text-zinc-600">
          No articles have been published yet. Check back soon for expert fitness content!
        </p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {articles.data.map((article) => (
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
                <p className="text-xs text-zinc-500">{formatDate(article.publishedAt)}</p>
                <h2 className="text-lg font-bold">{article.title}</h2>
                <p className="text-sm text-zinc-600">{article.excerpt}</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
