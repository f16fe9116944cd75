import { HeartPulse, ShieldCheck, TrendingUp } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useViewer } from '@/lib/viewer';

const REASONS = [
  ['Built for busy people', 'About 20 minutes a day, at home, with no equipment.'],
  ['A plan, not a playlist', 'Every day has one clear exercise that builds on the day before.'],
  ['Progress you can see', 'Streaks, achievements, time, reps and how you feel, all in one place.'],
  ['Real coaching', 'On 1-on-1 Burn, a coach answers your questions personally.'],
];
const PRINCIPLES = [
  {
    icon: ShieldCheck,
    name: 'Safety First',
    text: 'Controlled movements, clear form cues and easier options for every level.',
  },
  {
    icon: TrendingUp,
    name: 'Progressive Overload',
    text: 'Holds get longer and levers harder, week by week, so you keep adapting.',
  },
  {
    icon: HeartPulse,
    name: 'Functional Strength',
    text: 'A core that protects your back and carries into lifting, running and daily life.',
  },
];

export default function AboutPage() {
  const { user } = useViewer();
  const navigate = useNavigate();
  const onGetStarted = () => {
    navigate('/subscription');
    window.scrollTo({ top: 0 });
  };
  return (
    <>
      <section className="theme-fixed bg-zinc-950 text-white">
        <div className="mx-auto grid max-w-4xl gap-4 px-4 py-20 text-center sm:px-6">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">About Core28</h1>
          <p className="text-lg text-zinc-300">
            Our mission: help anyone build a strong, stable core in 28 days, with a plan simple enough to
            follow every day.
          </p>
        </div>
      </section>
      <section className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6">
        <h2 className="text-2xl font-extrabold tracking-tight">Why choose Core28</h2>
        <ul className="grid gap-4 md:grid-cols-2">
          {REASONS.map(([title, text]) => (
            <li key={title} className="rounded-2xl border border-zinc-200 p-6">
              <h3 className="font-bold">{title}</h3>
              <p className="mt-1 text-sm text-zinc-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="bg-zinc-50">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-16 sm:px-6">
          <h2 className="text-2xl font-extrabold tracking-tight">Our training principles</h2>
          <div className="grid gap-6 md:grid-cols-3">
            {PRINCIPLES.map(({ icon: Icon, name, text }) => (
              <article key={name} className="rounded-2xl bg-white p-6 shadow-sm">
                <Icon className="size-7 text-brand-600" aria-hidden />
                <h3 className="mt-3 font-bold">{name}</h3>
                <p className="mt-1 text-sm text-zinc-600">{text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="mx-auto grid max-w-4xl gap-4 px-4 py-16 text-center sm:px-6">
        <h2 className="text-2xl font-extrabold tracking-tight">The 28-day journey</h2>
        <p className="text-zinc-600">
          Week 1 builds your foundation, week 2 your strength, week 3 your power, and week 4 brings it all
          together. Each day you unlock one exercise, log how it went, and watch your progress grow.
        </p>
        {!user && (
          <div>
            <Button size="lg" onClick={onGetStarted}>
              Get Started Today
            </Button>
          </div>
        )}
        {user && (
          <p>
            <Link to="/program" className="font-semibold text-brand-600 hover:underline">
              Continue your program
            </Link>
          </p>
        )}
      </section>
    </>
  );
}
