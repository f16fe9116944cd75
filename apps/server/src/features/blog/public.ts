import { and, count, desc, eq, lte } from 'drizzle-orm';
import type { Deps } from '../../context.ts';
import { blogArticles } from '../../platform/db/schema.ts';

/** spec §6: published and due, decided at query time. */
export const isPublic = (now: Date) =>
  and(eq(blogArticles.published, true), lte(blogArticles.publishedAt, now));

/** One page of the public list; the id breaks ties so every article is on exactly one page. */
export const listPublicArticles = (deps: Pick<Deps, 'db' | 'now'>, limit: number, offset = 0) =>
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

export async function countPublicArticles(deps: Pick<Deps, 'db' | 'now'>) {
  const [row] = await deps.db.select({ n: count() }).from(blogArticles).where(isPublic(deps.now()));
  return row?.n ?? 0;
}

export async function findPublicArticle(deps: Pick<Deps, 'db' | 'now'>, slug: string) {
  const [article] = await deps.db
    .select()
    .from(blogArticles)
    .where(and(eq(blogArticles.slug, slug), isPublic(deps.now())));
  return article ?? null;
}
