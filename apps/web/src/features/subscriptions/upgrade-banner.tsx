import { hasTrialEnded, isInGrace } from '@core28/core/entitlements';
import { shouldShowUpgradeBanner } from '@core28/core/plans';
import { CreditCard, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { formatMemberDate } from '@/lib/member-date';
import { toast } from '@/lib/toast';
import { useViewer } from '@/lib/viewer';
import { openPortal, useSubscriptionChanges } from './api';

const LONG_DATE = { month: 'long', day: 'numeric', year: 'numeric' } as const;

/** The sign-up steps and the payment's success page: the member is choosing or paying already. */
const isSignupPath = (pathname: string) =>
  /^\/subscription\/(signup|success)\b/.test(pathname) || pathname === '/success';

/**
 * spec §2 Trial and upgrade banner; it is on every page, so it also follows other tabs' payments.
 * Whether the trial ended is the server's word (its entitlements), in the past tense once it has,
 * and its date is the member's, as the trial-ending mail names it. A paying member whose renewal
 * failed sees the grace banner instead (docs/decisions/0021). A running trial's banner waits for
 * the first session (`untilTrained`, which the layout gives: it knows the program; 0029).
 */
export function UpgradeBanner({ untilTrained }: { untilTrained?: (banner: ReactNode) => ReactNode } = {}) {
  const { user, isAdmin, subscription, profile } = useViewer();
  const { pathname } = useLocation();
  useSubscriptionChanges();
  if (isSignupPath(pathname) || !subscription) return null;
  const timeZone = profile?.timeZone ?? null;
  if (!isAdmin && isInGrace(subscription.entitlements))
    return <GraceBanner graceEnd={subscription.entitlements.graceEnd!} timeZone={timeZone} />;
  if (!shouldShowUpgradeBanner({ isSignedIn: user !== null, isAdmin, subscription })) return null;
  const trialEnd = subscription.trial_end
    ? formatMemberDate(subscription.trial_end, timeZone, LONG_DATE)
    : 'Soon';
  const isTrialRunning = subscription.is_trial && !hasTrialEnded(subscription);
  const banner = (
    <div className="border-b border-accent-400 bg-accent-300 text-zinc-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-1 px-4 py-2 text-center text-sm sm:px-6">
        <Sparkles className="size-4 shrink-0 text-accent-900" aria-hidden />
        {hasTrialEnded(subscription) ? (
          <span>
            Your free trial ended on <strong>{trialEnd}</strong>. Choose a plan to keep your progress going.
          </span>
        ) : subscription.is_trial ? (
          <span>
            Your free trial ends: <strong>{trialEnd}</strong>. Upgrade to keep your progress going.
          </span>
        ) : subscription.entitlements.trialAvailable ? (
          <span>Unlock the full 28-day program: start your free 7-day trial or pick a plan.</span>
        ) : (
          <span>Your plan has ended. Choose a plan to pick up where you left off.</span>
        )}
        <Link
          to="/subscription"
          className="rounded-md bg-zinc-950 px-3 py-1 font-semibold text-white hover:bg-zinc-800"
        >
          View Plans
        </Link>
      </div>
    </div>
  );
  return isTrialRunning && untilTrained ? untilTrained(banner) : banner;
}

/** A failed renewal: the plan is kept until the grace ends; a new card (the provider's portal) mends it. */
function GraceBanner({ graceEnd, timeZone }: { graceEnd: string; timeZone: string | null }) {
  const onUpdateCard = async () => {
    try {
      const { url } = await openPortal();
      window.location.assign(url);
    } catch (err) {
      toast.error('Error', {
        description: (err as Error).message || 'Failed to open subscription management portal.',
      });
    }
  };
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-1 px-4 py-2 text-center text-sm sm:px-6">
        <CreditCard className="size-4 shrink-0" aria-hidden />
        <span>
          Your last payment did not go through. Your plan stays active until{' '}
          <strong>{formatMemberDate(graceEnd, timeZone, LONG_DATE)}</strong> while we try again.
        </span>
        <button
          type="button"
          onClick={() => void onUpdateCard()}
          className="min-h-11 rounded-md bg-zinc-950 px-3 py-1 font-semibold text-white hover:bg-zinc-800"
        >
          Update card
        </button>
      </div>
    </div>
  );
}
