import { type ArticleInputSchema, isSameMinute, publicationDateError, slugify } from '@core28/core/blog';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { blogArticles } from '../../platform/db/schema.ts';

type Input = z.output<typeof ArticleInputSchema>;

export const listAllArticles = ({ db }: Pick<Deps, 'db'>) =>
  db.select().from(blogArticles).orderBy(desc(blogArticles.createdAt));

/** spec §4/§5: slug from the title when empty; published → the chosen date or now; draft → null. */
async function toRow(
  deps: Deps,
  input: Input,
  { id, storedPublishedAt }: { id?: string; storedPublishedAt?: Date | null },
) {
  const slug = slugify(input.slug || input.title);
  if (!slug) throw new AppError('BAD_REQUEST', 'The slug needs at least one letter or digit');
  const [taken] = await deps.db
    .select({ id: blogArticles.id })
    .from(blogArticles)
    .where(id ? and(eq(blogArticles.slug, slug), ne(blogArticles.id, id)) : eq(blogArticles.slug, slug));
  if (taken) throw new AppError('CONFLICT', `An article with the slug "${slug}" already exists`);

  let publishedAt: Date | null = null;
  if (input.published) {
    const chosen = input.publishedAt ? new Date(input.publishedAt) : null;
    const stored = storedPublishedAt ?? null;
    const error = chosen && publicationDateError({ chosen, stored, now: deps.now() });
    if (error) throw new AppError('BAD_REQUEST', error);
    // The stored date sent back at minute precision keeps its seconds: it was not changed.
    publishedAt = chosen && stored && isSameMinute(chosen, stored) ? stored : (chosen ?? deps.now());
  }
  return {
    title: input.title,
    slug,
    excerpt: input.excerpt,
    content: input.content,
    featuredImageUrl: input.featuredImageUrl ? input.featuredImageUrl : null,
    published: input.published,
    publishedAt,
  };
}

export async function createArticle(deps: Deps, { authorId, input }: { authorId: string; input: Input }) {
  const row = await toRow(deps, input, {});
  const [article] = await deps.db
    .insert(blogArticles)
    .values({ ...row, authorId, createdAt: deps.now() })
    .returning();
  return article!;
}

export async function updateArticle(
  deps: Deps,
  { id, authorId, input }: { id: string; authorId: string; input: Input },
) {
  const [stored] = await deps.db.select().from(blogArticles).where(eq(blogArticles.id, id));
  if (!stored) throw new AppError('NOT_FOUND', 'Article not found');
  const row = await toRow(deps, input, { id, storedPublishedAt: stored.publishedAt });
  const [article] = await deps.db
    .update(blogArticles)
    .set({ ...row, authorId, updatedAt: deps.now() })
    .where(eq(blogArticles.id, id))
    .returning();
  return article!;
}

export async function deleteArticle({ db }: Pick<Deps, 'db'>, id: string) {
  const deleted = await db
    .delete(blogArticles)
    .where(eq(blogArticles.id, id))
    .returning({ id: blogArticles.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', 'Article not found');
}
