import { Check } from 'lucide-react';
import { useState } from 'react';
import { ProfileCompletionCard } from './profile-completion-card';
import { WelcomeDialog } from './welcome-dialog';

function Steps() {
  return (
    <ol className="mb-6 flex items-center justify-center gap-3 text-sm" aria-label="Sign-up progress">
      <li className="flex items-center gap-2 text-green-700">
        <span className="grid size-7 place-items-center rounded-full bg-green-600 text-white">
          <Check className="size-4" aria-hidden />
        </span>
        Account
      </li>
      <li aria-hidden className="h-px w-10 bg-zinc-300" />
      <li className="flex items-center gap-2 font-semibold text-zinc-900" aria-current="step">
        <span className="grid size-7 place-items-center rounded-full bg-brand-600 text-white">2</span>
        Personal details
      </li>
    </ol>
  );
}

export default function ProfileCompletionPage() {
  const [isWelcomeOpen, setIsWelcomeOpen] = useState(false);
  return (
    <section className="bg-zinc-50 px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-2xl">
        <Steps />
        <ProfileCompletionCard onCompleted={() => setIsWelcomeOpen(true)} />
      </div>
      <WelcomeDialog open={isWelcomeOpen} />
    </section>
  );
}
