import { articleFormSchema, renderArticle, startOfTodayUtc } from '@core28/core/blog';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api';
import { firstErrorMessage, useZodForm } from '@/lib/form';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { type AdminArticle, useSaveArticle } from './admin-api';
import { ArticleHtml } from './article-html';

/** The value of a datetime-local field (local time, to the minute) for an instant, and back. */
const toLocalInput = (instant: Date | string | null | undefined) => {
  if (!instant) return '';
  const date = new Date(instant);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

const DATE_LABEL = 'Publication Date (optional - leave empty for immediate publication)';

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
  const storedPublishedAt = article?.publishedAt ?? null;
  // The server's rule, checked here first: an unchanged stored date is always accepted.
  const schema = useMemo(
    () =>
      articleFormSchema({
        stored: storedPublishedAt ? new Date(storedPublishedAt) : null,
        now: () => new Date(),
      }),
    [storedPublishedAt],
  );
  const form = useZodForm(schema, {
    defaultValues: {
      title: article?.title ?? '',
      slug: article?.slug ?? '',
      excerpt: article?.excerpt ?? '',
      content: article?.content ?? '',
      featuredImageUrl: article?.featuredImageUrl ?? '',
      published: article?.published ?? false,
      // Kept to the millisecond until the date is changed, so an unchanged date is sent unchanged.
      publishedAt: storedPublishedAt,
    },
  });
  const { errors } = form.formState;
  const [content, isPublished] = form.watch(['content', 'published']);

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(
        {
          id: article?.id ?? null,
          input: { ...values, publishedAt: values.published ? values.publishedAt : null },
        },
        {
          onSuccess: () => {
            toast.success(article ? 'Article updated successfully' : 'Article created successfully');
            onClose();
          },
          onError: (err) => {
            if (err instanceof ApiError && err.status === 401)
              return toast.error('You must be logged in to manage articles');
            if (err instanceof ApiError && err.code === 'CONFLICT')
              form.setError('slug', { message: err.message });
            toast.error(`Failed to save article: ${err.message || 'Unknown error'}`);
          },
        },
      ),
    (invalid) => toast.error(`Failed to save article: ${firstErrorMessage(invalid) ?? 'Unknown error'}`),
  );

  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-w-4xl">
        <DialogTitle>{article ? 'Edit Article' : 'Create New Article'}</DialogTitle>
        <DialogDescription>
          {article ? 'Update the article details' : 'Add a new article to the Six-Pack Guide'}
        </DialogDescription>
        <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
          <Field id="article-title" label="Title" error={errors.title?.message}>
            <Input {...form.register('title')} />
          </Field>
          <Field id="article-slug" label="Slug (URL)" error={errors.slug?.message}>
            <Input placeholder="Auto-generated from title if empty" {...form.register('slug')} />
          </Field>
          <Field id="article-excerpt" label="Excerpt" error={errors.excerpt?.message}>
            <Textarea rows={2} {...form.register('excerpt')} />
          </Field>
          <div className="grid gap-4 lg:grid-cols-2">
            <Field id="article-content" label="Content" error={errors.content?.message}>
              <Textarea rows={12} className="font-mono text-xs" {...form.register('content')} />
            </Field>
            <section aria-label="Preview" className="grid content-start gap-1.5">
              <p className="text-sm font-medium">Preview</p>
              <ArticleHtml
                html={renderArticle(content ?? '')}
                className="max-h-72 overflow-y-auto rounded-lg border border-zinc-200 p-3 text-sm"
              />
            </section>
          </div>
          <Field id="article-image" label="Featured Image URL" error={errors.featuredImageUrl?.message}>
            <Input {...form.register('featuredImageUrl')} />
          </Field>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              role="switch"
              aria-checked={Boolean(isPublished)}
              className="size-4 accent-brand-600"
              {...form.register('published')}
            />
            Published
          </label>
          {isPublished && (
            <Controller
              control={form.control}
              name="publishedAt"
              render={({ field }) => (
                <Field
                  id="article-date"
                  label={DATE_LABEL}
                  error={errors.publishedAt?.message}
                  hint={
                    field.value
                      ? `Article will be published on ${formatDate(field.value, 'dateTime')}`
                      : 'Article will be published immediately when saved'
                  }
                >
                  {(control) => (
                    <div className="grid grid-cols-[minmax(0,1fr)_auto] gap-2">
                      <Input
                        {...control}
                        ref={field.ref}
                        name={field.name}
                        type="datetime-local"
                        // spec §5: not before the start of today, the same UTC day the server checks.
                        min={toLocalInput(startOfTodayUtc(new Date()))}
                        value={toLocalInput(field.value)}
                        onChange={(e) => field.onChange(fromLocalInput(e.target.value))}
                        onBlur={field.onBlur}
                      />
                      <Button type="button" variant="outline" onClick={() => field.onChange(null)}>
                        Clear Date
                      </Button>
                    </div>
                  )}
                </Field>
              )}
            />
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
