import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Dumbbell } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { latestArticlesQuery } from '../blog/api';
import { todaysExerciseQuery } from '../exercises/api';

const HOME_ARTICLES = 3; // spec §9

export function TodaysExercise({ isSignedIn }: { isSignedIn: boolean }) {
  const today = useQuery(todaysExerciseQuery(isSignedIn));
  const exercise = today.data?.exercise;
  return (
    <section aria-labelledby="today-heading" className="mx-auto max-w-7xl px-4 sm:px-6">
      <div className="grid gap-4 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:grid-cols-[auto_1fr] sm:items-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-600">
          <Dumbbell className="size-7" aria-hidden />
        </span>
        <div className="grid gap-1">
          <h2 id="today-heading" className="text-sm font-semibold tracking-widest text-brand-600 uppercase">
            Today's Exercise{today.data?.dayNumber ? ` · Day ${today.data.dayNumber}` : ''}
          </h2>
          {today.isPending ? (
            <div className="h-12 animate-pulse rounded bg-zinc-100" />
          ) : exercise ? (
            <>
              <p className="text-xl font-bold">{exercise.name}</p>
              <p className="text-sm text-zinc-600">{exercise.exercise}</p>
            </>
          ) : (
            <p className="text-sm text-zinc-600">Failed to load today's exercise.</p>
          )}
        </div>
      </div>
    </section>
  );
}

/** The three latest articles; hidden (and only logged) when they cannot be loaded (spec §8). */
export function LatestArticles() {
  const articles = useQuery(latestArticlesQuery(HOME_ARTICLES));
  const latest = articles.data?.articles ?? [];
  if (articles.isError || latest.length === 0) return null;
  return (
    <section aria-labelledby="articles-heading" className="mx-auto grid max-w-7xl gap-6 px-4 py-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="articles-heading" className="text-2xl font-extrabold tracking-tight">
          From the Six-Pack Guide
        </h2>
        <Link
          to="/blog"
          className="flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-600 hover:underline"
        >
          View All Articles <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      <ul className="grid gap-6 md:grid-cols-3">
        {latest.map((article) => (
          <li key={article.id} className="grid content-start gap-2 rounded-2xl border border-zinc-200 p-6">
            <p className="text-xs text-zinc-500">
              {article.publishedAt &&
                new Date(article.publishedAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}
            </p>
            <h3 className="text-lg font-bold">
              <Link to={`/blog/${article.slug}`} className="hover:text-brand-600">
                {article.title}
              </Link>
            </h3>
            <p className="text-sm text-zinc-600">{article.excerpt}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ClosingCta({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <section className="bg-brand-600 text-white">
      <div className="mx-auto grid max-w-7xl justify-items-center gap-4 px-4 py-16 text-center sm:px-6">
        <h2 className="text-3xl font-extrabold tracking-tight">Your core, 28 days from now</h2>
        <p className="max-w-xl text-white">
          Twenty minutes a day. No equipment. A plan that tells you exactly what to do.
        </p>
        <Button asChild size="lg" variant="inverse">
          <Link to={isSignedIn ? '/program' : '/subscription'}>
            {isSignedIn ? 'Continue Program' : 'Start Free Trial'}
          </Link>
        </Button>
      </div>
    </section>
  );
}
