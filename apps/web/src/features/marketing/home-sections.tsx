import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Dumbbell, Flame, LineChart } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { formatDate } from '@/lib/format';
import { latestArticlesQuery } from '../blog/api';
import { todaysExerciseQuery } from '../exercises/api';

const HOME_ARTICLES = 3; // spec §9

const FEATURES = [
  {
    icon: Flame,
    title: '28 days, 20 minutes',
    text: 'One focused core session a day, building week by week.',
  },
  { icon: Dumbbell, title: 'No equipment', text: 'Every exercise needs only the floor and a little space.' },
  {
    icon: LineChart,
    title: 'See your progress',
    text: 'Log time, reps and how you feel; watch your streak grow.',
  },
];

/** spec §2 Home's feature cards; compact on a member's home, where they come last (docs/decisions/0029). */
export function FeatureCards({ isCompact = false }: { isCompact?: boolean }) {
  return (
    <section
      className={cn(
        'mx-auto grid max-w-7xl px-4 sm:px-6 md:grid-cols-3',
        isCompact ? 'gap-3 py-6' : 'gap-6 py-16',
      )}
    >
      {FEATURES.map(({ icon: Icon, title, text }) =>
        isCompact ? (
          <div key={title} className="flex items-start gap-3 rounded-xl border border-zinc-200 p-3">
            <Icon className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
            <div>
              <h2 className="text-sm font-bold">{title}</h2>
              <p className="text-sm text-zinc-600">{text}</p>
            </div>
          </div>
        ) : (
          <div key={title} className="rounded-2xl border border-zinc-200 p-6">
            <Icon className="size-8 text-brand-600" aria-hidden />
            <h2 className="mt-4 text-lg font-bold">{title}</h2>
            <p className="mt-2 text-sm text-zinc-600">{text}</p>
          </div>
        ),
      )}
    </section>
  );
}

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
export function LatestArticles({ isCompact = false }: { isCompact?: boolean }) {
  const articles = useQuery(latestArticlesQuery(HOME_ARTICLES));
  const latest = articles.data?.articles ?? [];
  if (articles.isError || latest.length === 0) return null;
  return (
    <section
      aria-labelledby="articles-heading"
      className={cn('mx-auto grid max-w-7xl px-4 sm:px-6', isCompact ? 'gap-4 py-6' : 'gap-6 py-16')}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2
          id="articles-heading"
          className={cn('font-extrabold tracking-tight', isCompact ? 'text-xl' : 'text-2xl')}
        >
          From the Six-Pack Guide
        </h2>
        <Link
          to="/blog"
          className="flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-600 hover:underline"
        >
          View All Articles <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      <ul className={cn('grid md:grid-cols-3', isCompact ? 'gap-3' : 'gap-6')}>
        {latest.map((article) => (
          <li
            key={article.id}
            className={cn(
              'grid content-start gap-2 rounded-2xl border border-zinc-200',
              isCompact ? 'p-4' : 'p-6',
            )}
          >
            <p className="text-xs text-zinc-500">
              {article.publishedAt && formatDate(article.publishedAt, 'medium')}
            </p>
            <h3 className="text-lg font-bold">
              <Link to={`/blog/${article.slug}`} className="block py-2 hover:text-brand-600">
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

export function ClosingCta({ isSignedIn, isCompact = false }: { isSignedIn: boolean; isCompact?: boolean }) {
  return (
    <section className="bg-brand-600 text-white">
      <div
        className={cn(
          'mx-auto grid max-w-7xl justify-items-center px-4 text-center sm:px-6',
          isCompact ? 'gap-3 py-8' : 'gap-4 py-16',
        )}
      >
        <h2 className={cn('font-extrabold tracking-tight', isCompact ? 'text-xl' : 'text-3xl')}>
          Your core, 28 days from now
        </h2>
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
