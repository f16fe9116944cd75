import { shouldShowUpgradeBanner } from '@core28/core/plans';
import { hasTrialEnded } from '@core28/core/subscriptions';
import { Sparkles } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { useViewer } from '../auth/api';
import { useSubscriptionChanges } from './api';

const formatDate = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString(undefined, { month: 'long', day: 'numeric', year: 'numeric' })
    : 'Soon';

/** The sign-up steps and the payment's success page: the member is choosing or paying already. */
const isSignupPath = (pathname: string) =>
  /^\/subscription\/(signup|success)\b/.test(pathname) || pathname === '/success';

/** spec §2 Trial and upgrade banner; it is on every page, so it also follows other tabs' payments. */
export function UpgradeBanner() {
  const { user, isAdmin, subscription } = useViewer();
  const { pathname } = useLocation();
  useSubscriptionChanges();
  if (isSignupPath(pathname)) return null;
  if (!shouldShowUpgradeBanner({ isSignedIn: user !== null, isAdmin, subscription })) return null;
  const isTrial = subscription?.is_trial;
  const trialEnd = formatDate(subscription?.trial_end ?? null);
  return (
    <div className="border-b border-accent-400 bg-accent-300 text-zinc-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-1 px-4 py-2 text-center text-sm sm:px-6">
        <Sparkles className="size-4 shrink-0 text-accent-900" aria-hidden />
        {isTrial && hasTrialEnded(subscription, new Date()) ? (
          <span>
            Your free trial ended on <strong>{trialEnd}</strong>. Choose a plan to keep your progress going.
          </span>
        ) : isTrial ? (
          <span>
            Your free trial ends: <strong>{trialEnd}</strong>. Upgrade to keep your progress going.
          </span>
        ) : (
          <span>Unlock the full 28-day program: start your free 7-day trial or pick a plan.</span>
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
}
