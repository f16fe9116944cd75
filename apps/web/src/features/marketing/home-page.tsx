import { Dumbbell, Flame, LineChart } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useViewer } from '@/lib/viewer';
import { ClosingCta, LatestArticles, TodaysExercise } from './home-sections';

// Members only, so it loads apart: visitors' first paint does not carry it (page budgets, docs/performance.md).
const MemberTodayCard = lazy(() => import('../program/today-area'));

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

export default function HomePage() {
  // The hero does not wait for the session: visitors (most of this page's readers) see it at once.
  const { user, isAdmin } = useViewer();
  if (isAdmin) return <Navigate to="/admin" replace />; // spec §2: admins go to the admin area

  return (
    <>
      <section className="theme-fixed bg-zinc-950 text-white">
        {/* A member's home leads with today's session, above the hero's buttons. */}
        {user && (
          <div className="mx-auto max-w-7xl px-4 pt-6 text-zinc-900 sm:px-6 md:pt-10">
            <Suspense fallback={<div className="h-56 animate-pulse rounded-2xl bg-zinc-800 sm:h-44" />}>
              <MemberTodayCard />
            </Suspense>
          </div>
        )}
        <div
          className={
            user
              ? 'mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:px-6 md:py-16'
              : 'mx-auto grid max-w-7xl gap-8 px-4 py-20 sm:px-6 md:py-28'
          }
        >
          <p className="text-sm font-semibold tracking-widest text-brand-500 uppercase">
            The 28-day core program
          </p>
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
            A stronger core in 28 days.
          </h1>
          <p className="max-w-2xl text-lg text-zinc-300">
            Follow a guided daily abs program, track every rep and feel the difference — in about 20 minutes a
            day.
          </p>
          <div className="flex flex-wrap gap-3">
            {user ? (
              <>
                <Button asChild size="lg">
                  <Link to="/program">Continue Program</Link>
                </Button>
                <Button asChild size="lg" variant="inverse">
                  <Link to="/exercises">View Exercises</Link>
                </Button>
              </>
            ) : (
              <Button asChild size="lg">
                <Link to="/subscription">Start Free Trial</Link>
              </Button>
            )}
          </div>
        </div>
      </section>
      {!user && (
        <div className="-mt-8">
          <TodaysExercise isSignedIn={false} />
        </div>
      )}
      <section className="mx-auto grid max-w-7xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <div key={title} className="rounded-2xl border border-zinc-200 p-6">
            <Icon className="size-8 text-brand-600" aria-hidden />
            <h2 className="mt-4 text-lg font-bold">{title}</h2>
            <p className="mt-2 text-sm text-zinc-600">{text}</p>
          </div>
        ))}
      </section>
      <LatestArticles />
      <ClosingCta isSignedIn={user !== null} />
    </>
  );
}
