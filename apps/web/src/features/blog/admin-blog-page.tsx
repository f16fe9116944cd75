import { articleStatus } from '@core28/core/blog';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { type AdminArticle, adminArticlesQuery, useDeleteArticle } from './admin-api';
import { ArticleEditor } from './article-editor';

const when = (iso: string) => formatDate(iso, 'dateTime');

export default function AdminBlogPage() {
  const articles = useQuery(adminArticlesQuery());
  const remove = useDeleteArticle();
  const [editing, setEditing] = useState<{ article: AdminArticle | null } | null>(null);

  const onDelete = (article: AdminArticle) => {
    if (!window.confirm('Are you sure you want to delete this article?')) return;
    remove.mutate(article.id, {
      onSuccess: () => toast.success('Article deleted successfully'),
      onError: () => toast.error('Failed to delete article'),
    });
  };

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Six-Pack Guide Articles</h1>
          <p className="text-zinc-600">Manage your blog articles</p>
        </div>
        <Button onClick={() => setEditing({ article: null })}>
          <Plus /> New Article
        </Button>
      </header>
      {articles.isPending ? (
        <p className="text-zinc-600">Loading articles...</p>
      ) : !articles.data?.length ? (
        <div className="grid justify-items-center gap-3 rounded-2xl border border-zinc-200 p-10 text-center">
          <p>No articles created yet</p>
          <Button onClick={() => setEditing({ article: null })}>Create your first article</Button>
          {articles.isError && <LoadError retryLabel="Retry" onRetry={() => articles.refetch()} />}
        </div>
      ) : (
        <ul className="grid gap-4">
          {articles.data.map((article) => {
            const status = articleStatus(article, new Date());
            return (
              <li
                key={article.id}
                className="grid gap-2 rounded-2xl border border-zinc-200 p-5"
                aria-label={article.title}
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="text-lg font-bold">{article.title}</h2>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${article.published ? 'bg-green-100 text-green-800' : 'bg-zinc-200 text-zinc-700'}`}
                    >
                      {article.published ? 'Published' : 'Draft'}
                    </span>
                  </div>
                  <div className="flex gap-1">
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Edit ${article.title}`}
                      onClick={() => setEditing({ article })}
                    >
                      <Pencil />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Delete ${article.title}`}
                      onClick={() => onDelete(article)}
                    >
                      <Trash2 />
                    </Button>
                  </div>
                </div>
                <p className="text-sm text-zinc-600">{article.excerpt}</p>
                <p className="flex flex-wrap gap-x-4 text-xs text-zinc-500">
                  <span className="font-mono">/blog/{article.slug}</span>
                  <span>Created {when(article.createdAt)}</span>
                  {article.published && article.publishedAt && (
                    <span>
                      {status === 'scheduled'
                        ? `Scheduled for ${when(article.publishedAt)}`
                        : `Published: ${when(article.publishedAt)}`}
                    </span>
                  )}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <ArticleEditor
          key={editing.article?.id ?? 'new'}
          article={editing.article}
          open
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
