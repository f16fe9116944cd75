import { Award, Crown, Flame, Shield } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useViewer } from '@/lib/viewer';

const ACHIEVEMENTS = [
  {
    icon: Shield,
    name: 'Core Warrior',
    text: 'Complete at least seven days for every week you have trained.',
  },
  { icon: Award, name: 'Perfect Week', text: 'Finish all seven days of a week.' },
  { icon: Crown, name: 'Consistency King', text: 'Keep your streak all the way to 28 days.' },
  { icon: Flame, name: 'Streaks', text: 'Three days in a row lights up your streak.' },
];
const MILESTONES = [
  { percent: 25, week: 'Week 1', text: 'Your foundation is set: you brace and breathe like a pro.' },
  { percent: 50, week: 'Week 2', text: 'Halfway: longer holds, stronger levers, visible momentum.' },
  { percent: 75, week: 'Week 3', text: 'Power phase done: dynamic moves feel controlled.' },
  { percent: 100, week: 'Week 4', text: 'Program complete: a stronger, more stable core.' },
];
const METRICS = [
  ['Days completed', 'Every workout you mark complete'],
  ['Time and reps', 'Logged per day and drawn as a chart'],
  ['Feeling and energy', 'Your daily wellness on a 1 to 5 scale'],
  ['Estimated minutes', 'About 19 minutes per completed day'],
];

export default function ProgressInfoPage() {
  const { user } = useViewer();
  return (
    <>
      <section className="theme-fixed bg-zinc-950 text-white">
        <div className="mx-auto grid max-w-5xl gap-5 px-4 py-20 text-center sm:px-6">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Progress &amp; Beyond</h1>
          <p className="mx-auto max-w-2xl text-lg text-zinc-300">
            See every day count: streaks, achievements, milestones and the numbers behind your stronger core.
          </p>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6">
        <h2 className="text-2xl font-extrabold tracking-tight">Achievements</h2>
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {ACHIEVEMENTS.map(({ icon: Icon, name, text }) => (
            <article key={name} className="rounded-2xl border border-zinc-200 p-6">
              <Icon className="size-7 text-brand-600" aria-hidden />
              <h3 className="mt-3 font-bold">{name}</h3>
              <p className="mt-1 text-sm text-zinc-600">{text}</p>
            </article>
          ))}
        </div>
      </section>
      <section className="bg-zinc-50">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6">
          <h2 className="text-2xl font-extrabold tracking-tight">Milestones</h2>
          <ol className="grid gap-4 md:grid-cols-4">
            {MILESTONES.map((m) => (
              <li key={m.percent} className="rounded-2xl bg-white p-6 shadow-sm">
                <p className="text-3xl font-extrabold text-brand-600">{m.percent}%</p>
                <p className="mt-1 font-semibold">{m.week}</p>
                <p className="mt-1 text-sm text-zinc-600">{m.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6 md:grid-cols-2">
        <div>
          <h2 className="text-2xl font-extrabold tracking-tight">Success metrics</h2>
          <dl className="mt-4 grid gap-3">
            {METRICS.map(([term, text]) => (
              <div key={term}>
                <dt className="font-semibold">{term}</dt>
                <dd className="text-sm text-zinc-600">{text}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div>
          <h2 className="text-2xl font-extrabold tracking-tight">Beyond 28 Days</h2>
          <p className="mt-4 text-zinc-600">
            Finishing the program is a beginning. Repeat it with longer holds and more reps, keep two or three
            core sessions a week, and carry the bracing habit into running, lifting and everyday life.
          </p>
        </div>
      </section>
      <section className="mx-auto grid max-w-3xl justify-items-center gap-4 px-4 pb-16 text-center">
        <Button asChild size="lg">
          <Link to={user ? '/progress' : '/subscription'}>
            {user ? 'See My Progress' : 'Start Free Trial'}
          </Link>
        </Button>
      </section>
    </>
  );
}
