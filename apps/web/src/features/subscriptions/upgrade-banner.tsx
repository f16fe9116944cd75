import { shouldShowUpgradeBanner } from '@core28/core/plans';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { useViewer } from '../auth/api';

const formatDate = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleDateString(undefined, { month: 'long', day: 'numeric', year: 'numeric' })
    : 'Soon';

/** spec §2 Trial and upgrade banner. */
export function UpgradeBanner() {
  const { user, isAdmin, subscription } = useViewer();
  if (!shouldShowUpgradeBanner({ isSignedIn: user !== null, isAdmin, subscription })) return null;
  const isTrial = subscription?.is_trial;
  return (
    <div className="bg-brand-600 text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-1 px-4 py-2 text-center text-sm sm:px-6">
        <Sparkles className="size-4 shrink-0" aria-hidden />
        {isTrial ? (
          <span>
            Your free trial ends: <strong>{formatDate(subscription?.trial_end ?? null)}</strong>. Upgrade to
            keep your progress going.
          </span>
        ) : (
          <span>Unlock the full 28-day program: start your free 7-day trial or pick a plan.</span>
        )}
        <Link
          to="/subscription"
          className="rounded-md bg-white px-3 py-1 font-semibold text-brand-700 hover:bg-brand-50"
        >
          View Plans
        </Link>
      </div>
    </div>
  );
}
