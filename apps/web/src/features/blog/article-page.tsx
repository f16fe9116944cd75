import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { articleQuery } from './api';
import { ArticleHtml } from './article-html';
import { formatArticleDate } from './blog-page';

export default function ArticlePage() {
  const { slug = '' } = useParams();
  const article = useQuery(articleQuery(slug));

  if (article.isPending) return <p className="px-4 py-16 text-center text-zinc-600">Loading article...</p>;
  if (article.isError || !article.data)
    return (
      <section className="mx-auto grid max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-3xl font-extrabold">Article Not Found</h1>
        <p className="text-zinc-600">This article does not exist or is not published yet.</p>
        <Button asChild variant="outline">
          <Link to="/blog">
            <ArrowLeft /> Back to Blog
          </Link>
        </Button>
      </section>
    );

  const a = article.data;
  return (
    <article className="mx-auto grid max-w-3xl gap-6 px-4 py-12 sm:px-6">
      <Link
        to="/blog"
        className="flex items-center gap-1 text-sm font-semibold text-brand-600 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to Blog
      </Link>
      <header className="grid gap-3">
        <p className="text-sm text-zinc-500">{formatArticleDate(a.publishedAt)}</p>
        <h1 className="text-4xl font-extrabold tracking-tight">{a.title}</h1>
        <p className="text-lg text-zinc-600">{a.excerpt}</p>
      </header>
      {a.featuredImageUrl && <img src={a.featuredImageUrl} alt="" className="w-full rounded-2xl" />}
      <ArticleHtml html={a.html} />
    </article>
  );
}
