import { lazy, Suspense } from 'react';
import { Link, Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useViewer } from '@/lib/viewer';
import { ClosingCta, FeatureCards, LatestArticles, TodaysExercise } from './home-sections';

// Members only, so it loads apart: visitors' first paint does not carry it (page budgets, docs/performance.md).
const MemberHome = lazy(() => import('./member-home'));

export default function HomePage() {
  // The hero does not wait for the session: visitors (most of this page's readers) see it at once.
  const { user, isAdmin } = useViewer();
  if (isAdmin) return <Navigate to="/admin" replace />; // spec §2: admins go to the admin area
  if (user)
    return (
      <Suspense fallback={<div className="mx-auto h-[32rem] max-w-7xl animate-pulse px-4 pt-6 sm:px-6" />}>
        <MemberHome />
      </Suspense>
    );
  return <VisitorHome />;
}

/** The visitors' home, as spec §2 lays it out. */
export function VisitorHome() {
  return (
    <>
      <section className="theme-fixed bg-zinc-950 text-white">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-20 sm:px-6 md:py-28">
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
            <Button asChild size="lg">
              <Link to="/subscription">Start Free Trial</Link>
            </Button>
          </div>
        </div>
      </section>
      <div className="-mt-8">
        <TodaysExercise isSignedIn={false} />
      </div>
      <FeatureCards />
      <LatestArticles />
      <ClosingCta isSignedIn={false} />
    </>
  );
}
