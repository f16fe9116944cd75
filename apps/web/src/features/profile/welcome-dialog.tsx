import { TRIAL_DAYS, TRIAL_TIER } from '@core28/core/subscriptions';
import { PartyPopper } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { formatDate } from '@/lib/format';
import { useViewer } from '@/lib/viewer';

const longDate = (iso: string) => formatDate(iso, 'long');

/**
 * The session of the round's first day (program's sessionPath; the program feature imports
 * subscriptions, which imports this dialog, so the path is written here).
 */
export const FIRST_SESSION_PATH = '/program/day/1/session';

/**
 * Shown after the profile is complete; closing it goes to /program (spec §2), and its Start Day 1
 * goes into that day's session: the first rep one tap away (docs/decisions/0029).
 */
export function WelcomeDialog({ open }: { open: boolean }) {
  const navigate = useNavigate();
  const { subscription } = useViewer();
  const close = () => navigate('/program');
  // spec §6: the Feel and Burn welcome text claims 'Full access'.
  const isFeelAndBurn = subscription?.subscription_tier === TRIAL_TIER;
  const trialEnd = subscription?.is_trial ? subscription.trial_end : null;
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && close()}>
      <DialogContent className="text-center">
        <PartyPopper className="mx-auto size-12 text-brand-600" aria-hidden />
        <DialogTitle className="mt-2 text-2xl">Welcome to Core28!</DialogTitle>
        <DialogDescription>
          Your profile is ready. Your 28-day program starts today: one focused core session a day, and we
          track every step with you.
        </DialogDescription>
        {isFeelAndBurn && (
          <p className="mt-4 rounded-xl bg-green-50 p-3 text-sm text-green-900">
            <strong className="font-semibold">Full access</strong> to the program, the exercises and your
            progress during your free {TRIAL_DAYS}-day trial
            {trialEnd ? `, until ${longDate(trialEnd)}.` : '.'}
          </p>
        )}
        <Button className="mt-6 w-full" size="lg" onClick={() => navigate(FIRST_SESSION_PATH)}>
          Start Day 1
        </Button>
      </DialogContent>
    </Dialog>
  );
}
