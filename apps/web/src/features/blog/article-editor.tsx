import { renderArticle } from '@core28/core/blog';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { type AdminArticle, useSaveArticle } from './admin-api';
import { ArticleHtml } from './article-html';

const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const startOfTodayLocal = () => {
  const today = new Date();
  today.setHours(0, 0, 0, 0);
  return toLocalInput(today.toISOString());
};

/** The create/edit dialog (spec §2 Admin blog page); editing loads the stored fields. */
export function ArticleEditor({
  article,
  open,
  onClose,
}: {
  article: AdminArticle | null;
  open: boolean;
  onClose: () => void;
}) {
  const save = useSaveArticle();
  const [form, setForm] = useState(() => ({
    title: article?.title ?? '',
    slug: article?.slug ?? '',
    excerpt: article?.excerpt ?? '',
    content: article?.content ?? '',
    featuredImageUrl: article?.featuredImageUrl ?? '',
    published: article?.published ?? false,
    publishedAt: toLocalInput(article?.publishedAt ?? null),
  }));
  const set =
    (field: 'title' | 'slug' | 'excerpt' | 'content' | 'featuredImageUrl' | 'publishedAt') =>
    (e: { target: { value: string } }) =>
      setForm((f) => ({ ...f, [field]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.title.trim() || !form.excerpt.trim() || !form.content.trim())
      return toast.error('Failed to save article: Title, Excerpt and Content are required');
    const input = {
      ...form,
      publishedAt: form.published && form.publishedAt ? new Date(form.publishedAt).toISOString() : null,
    };
    save.mutate(
      { id: article?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(article ? 'Article updated successfully' : 'Article created successfully');
          onClose();
        },
        onError: (err) =>
          toast.error(
            err instanceof ApiError && err.status === 401
              ? 'You must be logged in to manage articles'
              : `Failed to save article: ${err.message || 'Unknown error'}`,
          ),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-w-4xl">
        <DialogTitle>{article ? 'Edit Article' : 'Create New Article'}</DialogTitle>
        <DialogDescription>
          {article ? 'Update the article details' : 'Add a new article to the Six-Pack Guide'}
        </DialogDescription>
        <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
          <Field id="article-title" label="Title">
            <Input id="article-title" value={form.title} onChange={set('title')} />
          </Field>
          <Field id="article-slug" label="Slug (URL)">
            <Input
              id="article-slug"
              placeholder="Auto-generated from title if empty"
              value={form.slug}
              onChange={set('slug')}
            />
          </Field>
          <Field id="article-excerpt" label="Excerpt">
            <Textarea id="article-excerpt" rows={2} value={form.excerpt} onChange={set('excerpt')} />
          </Field>
          <div className="grid gap-4 lg:grid-cols-2">
            <Field id="article-content" label="Content">
              <Textarea
                id="article-content"
                rows={12}
                className="font-mono text-xs"
                value={form.content}
                onChange={set('content')}
              />
            </Field>
            <section aria-label="Preview" className="grid content-start gap-1.5">
              <p className="text-sm font-medium">Preview</p>
              <ArticleHtml
                html={renderArticle(form.content)}
                className="max-h-72 overflow-y-auto rounded-lg border border-zinc-200 p-3 text-sm"
              />
            </section>
          </div>
          <Field id="article-image" label="Featured Image URL">
            <Input id="article-image" value={form.featuredImageUrl} onChange={set('featuredImageUrl')} />
          </Field>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              role="switch"
              aria-checked={form.published}
              className="size-4 accent-brand-600"
              checked={form.published}
              onChange={(e) => setForm((f) => ({ ...f, published: e.target.checked }))}
            />
            Published
          </label>
          {form.published && (
            <div className="grid gap-1.5">
              <Field
                id="article-date"
                label="Publication Date (optional - leave empty for immediate publication)"
              >
                <div className="flex gap-2">
                  <Input
                    id="article-date"
                    type="datetime-local"
                    min={startOfTodayLocal()}
                    value={form.publishedAt}
                    onChange={set('publishedAt')}
                  />
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => setForm((f) => ({ ...f, publishedAt: '' }))}
                  >
                    Clear Date
                  </Button>
                </div>
              </Field>
              <p className="text-xs text-zinc-500">
                {form.publishedAt
                  ? `Article will be published on ${new Date(form.publishedAt).toLocaleString()}`
                  : 'Article will be published immediately when saved'}
              </p>
            </div>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {article ? 'Update Article' : 'Create Article'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
