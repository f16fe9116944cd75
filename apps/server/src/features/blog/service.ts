import {
  type ArticleInputSchema,
  isSameMinute,
  publicationDateError,
  renderArticle,
  slugify,
} from '@core28/core/blog';
import { and, count, desc, eq, lte, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { oneRow } from '../../platform/db/index.ts';
import { blogArticles } from '../../platform/db/schema.ts';

type ArticleInput = z.output<typeof ArticleInputSchema>;

// ---- the public Six-Pack Guide ----

/** spec §6: published and due, decided at query time. */
const isPublic = (now: Date) => and(eq(blogArticles.published, true), lte(blogArticles.publishedAt, now));

/** One page of the public list; the id breaks ties so every article is on exactly one page. */
export const listPublicArticles = (
  deps: Pick<Deps, 'db' | 'now'>,
  { limit, offset = 0 }: { limit: number; offset?: number },
) =>
  deps.db
    .select({
      id: blogArticles.id,
      title: blogArticles.title,
      slug: blogArticles.slug,
      excerpt: blogArticles.excerpt,
      featuredImageUrl: blogArticles.featuredImageUrl,
      publishedAt: blogArticles.publishedAt,
      createdAt: blogArticles.createdAt,
      updatedAt: blogArticles.updatedAt,
    })
    .from(blogArticles)
    .where(isPublic(deps.now()))
    .orderBy(desc(blogArticles.publishedAt), desc(blogArticles.id))
    .limit(limit)
    .offset(offset);

async function countPublicArticles(deps: Pick<Deps, 'db' | 'now'>) {
  const [row] = await deps.db.select({ n: count() }).from(blogArticles).where(isPublic(deps.now()));
  return row?.n ?? 0;
}

export async function findPublicArticle(deps: Pick<Deps, 'db' | 'now'>, { slug }: { slug: string }) {
  const [article] = await deps.db
    .select()
    .from(blogArticles)
    .where(and(eq(blogArticles.slug, slug), isPublic(deps.now())));
  return article ?? null;
}

/** A page of the public list and how many there are in all, so /blog can page through every one. */
export async function listPublicArticlePage(
  deps: Pick<Deps, 'db' | 'now'>,
  { limit, page }: { limit: number; page: number },
) {
  const [articles, total] = await Promise.all([
    listPublicArticles(deps, { limit, offset: (page - 1) * limit }),
    countPublicArticles(deps),
  ]);
  return {
    articles: articles.map(({ updatedAt: _updated, ...article }) => article),
    page,
    pageSize: limit,
    total,
  };
}

/** One due, published article with its content rendered to safe HTML; anything else is not found. */
export async function getPublicArticle(deps: Pick<Deps, 'db' | 'now'>, { slug }: { slug: string }) {
  // Only what slugify can produce is looked up; anything else cannot be an article.
  const article = /^[a-z0-9-]{1,200}$/.test(slug) ? await findPublicArticle(deps, { slug }) : null;
  if (!article) throw new AppError('NOT_FOUND', 'Article not found');
  const { authorId: _author, ...publicFields } = article;
  return { ...publicFields, html: renderArticle(article.content) };
}

// ---- the editor (admins) ----

export const listAllArticles = ({ db }: Pick<Deps, 'db'>) =>
  db.select().from(blogArticles).orderBy(desc(blogArticles.createdAt));

/** spec §4/§5: slug from the title when empty; published → the chosen date or now; draft → null. */
async function toRow(
  deps: Deps,
  input: ArticleInput,
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

export async function createArticle(
  deps: Deps,
  { authorId, input }: { authorId: string; input: ArticleInput },
) {
  const row = await toRow(deps, input, {});
  return oneRow(
    await deps.db
      .insert(blogArticles)
      .values({ ...row, authorId, createdAt: deps.now() })
      .returning(),
  );
}

export async function updateArticle(
  deps: Deps,
  { id, authorId, input }: { id: string; authorId: string; input: ArticleInput },
) {
  const [stored] = await deps.db.select().from(blogArticles).where(eq(blogArticles.id, id));
  if (!stored) throw new AppError('NOT_FOUND', 'Article not found');
  const row = await toRow(deps, input, { id, storedPublishedAt: stored.publishedAt });
  return oneRow(
    await deps.db
      .update(blogArticles)
      .set({ ...row, authorId, updatedAt: deps.now() })
      .where(eq(blogArticles.id, id))
      .returning(),
  );
}

export async function deleteArticle({ db }: Pick<Deps, 'db'>, { id }: { id: string }) {
  const deleted = await db
    .delete(blogArticles)
    .where(eq(blogArticles.id, id))
    .returning({ id: blogArticles.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND', 'Article not found');
  return { ok: true as const };
}
