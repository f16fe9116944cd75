import { MARKETING_PHASES } from '@core28/core/program';
import { CalendarCheck, Clock, Dumbbell, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useViewer } from '@/lib/viewer';

const PHASE_TEXT = [
  'Learn to brace and breathe. Controlled moves like dead bugs, bird dogs and planks build the base.',
  'Longer holds and harder levers: reverse crunches, hollow holds and side planks.',
  'Faster, dynamic work: mountain climbers, plank jacks and V-ups add power.',
  'Advanced moves that bring it all together: hollow rocks, V-ups and dragon flag negatives.',
];

const FEATURES = [
  {
    icon: CalendarCheck,
    title: 'One exercise a day',
    text: 'Each day unlocks a new move with clear steps and a tutorial.',
  },
  { icon: Clock, title: 'About 20 minutes', text: 'Short sessions you can do before work or after dinner.' },
  { icon: Dumbbell, title: 'No equipment', text: 'A mat and a little floor space are all you need.' },
  {
    icon: TrendingUp,
    title: 'Track everything',
    text: 'Log time, reps and how you feel; watch your streak grow.',
  },
];

export default function ProgramInfoPage() {
  const { user } = useViewer();
  return (
    <>
      <section className="theme-fixed bg-zinc-950 text-white">
        <div className="mx-auto grid max-w-5xl gap-5 px-4 py-20 text-center sm:px-6">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">The 28-Day Core Program</h1>
          <p className="mx-auto max-w-2xl text-lg text-zinc-300">
            Four weeks, four phases, one stronger core. A progressive plan that takes you from the basics to
            advanced moves, one day at a time.
          </p>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        {MARKETING_PHASES.map((phase, i) => (
          <article key={phase} className="rounded-2xl border border-zinc-200 p-6">
            <h2 className="text-lg font-bold">{phase}</h2>
            <p className="mt-2 text-sm text-zinc-600">{PHASE_TEXT[i]}</p>
          </article>
        ))}
      </section>
      <section className="bg-zinc-50">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <div key={title}>
              <Icon className="size-7 text-brand-600" aria-hidden />
              <h3 className="mt-3 font-bold">{title}</h3>
              <p className="mt-1 text-sm text-zinc-600">{text}</p>
            </div>
          ))}
        </div>
      </section>
      <section className="mx-auto grid max-w-3xl justify-items-center gap-4 px-4 py-16 text-center">
        <h2 className="text-3xl font-extrabold tracking-tight">Ready for day one?</h2>
        <Button asChild size="lg">
          <Link to={user ? '/program' : '/subscription'}>
            {user ? 'Go to My Program' : 'Start Free Trial'}
          </Link>
        </Button>
      </section>
    </>
  );
}
