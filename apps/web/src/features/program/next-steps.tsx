import { has } from '@core28/core/entitlements';
import { Lock, Repeat, Rocket } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';
import { toast } from '@/lib/toast';
import { useViewer } from '@/lib/viewer';
import { paymentPath } from '../subscriptions/paywall';
import { nextStepLabels, type RoundShape } from './round-view';
import { toastRoundError, useStartRound } from './rounds-api';

/**
 * After a round: the harder next round (recommended), the same again, or another program. A new
 * round is a paid plan's (docs/decisions/0026): without one, the buttons say which plan opens it.
 */
export function NextSteps({
  round,
  next,
  tone = 'light',
  returnTo,
}: {
  round: Pick<RoundShape, 'number' | 'program'>;
  next: { recommended: string; repeat: string };
  tone?: 'light' | 'dark';
  /** Where the plan's payment comes back to. */
  returnTo: string;
}) {
  const { subscription } = useViewer();
  const start = useStartRound();
  const navigate = useNavigate();
  const labels = nextStepLabels(round, next);
  const isDark = tone === 'dark';
  const mayStart = subscription ? has(subscription.entitlements, 'programs') : true;

  const onStart = (slug: string) =>
    start.mutate(slug, {
      onSuccess: (state) => {
        toast.success(`Round ${state.round.number} started`, {
          description: `${state.round.program.name}: day 1 is today.`,
        });
        navigate('/program');
      },
      onError: toastRoundError,
    });

  const other = (
    <Link
      to="/programs"
      className={cn(
        'inline-flex min-h-11 items-center justify-center text-sm font-semibold underline-offset-4 hover:underline',
        isDark ? 'text-zinc-200' : 'text-brand-700',
      )}
    >
      Choose another program
    </Link>
  );

  if (!mayStart)
    return (
      <div className="grid gap-2">
        <p className={cn('flex items-center gap-2 text-sm', isDark ? 'text-zinc-300' : 'text-zinc-700')}>
          <Lock className="size-4 shrink-0" aria-hidden /> Your next round comes with The Daily Core.
        </p>
        <div className="grid gap-2 sm:flex sm:items-center sm:gap-4">
          <Button asChild size="lg" className="h-12">
            <Link to={paymentPath('daily-core', returnTo)}>Choose The Daily Core</Link>
          </Button>
          {other}
        </div>
      </div>
    );

  return (
    <div className="grid gap-2 sm:flex sm:flex-wrap sm:items-center sm:gap-3">
      <Button size="lg" className="h-12" disabled={start.isPending} onClick={() => onStart(next.recommended)}>
        <Rocket aria-hidden /> {labels.recommended}
      </Button>
      {next.repeat !== next.recommended && (
        <Button
          size="lg"
          variant={isDark ? 'inverse' : 'outline'}
          className="h-12"
          disabled={start.isPending}
          onClick={() => onStart(next.repeat)}
        >
          <Repeat aria-hidden /> {labels.repeat}
        </Button>
      )}
      {other}
    </div>
  );
}
