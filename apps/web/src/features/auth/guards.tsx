import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { signOutState, useViewer } from '@/lib/viewer';

// Staff whose session has no second factor only: apart from the entry, which every visitor loads.
const SecondFactorNeeded = lazy(async () => ({
  default: (await import('./second-factor-needed')).SecondFactorNeeded,
}));

/** spec §2: a spinner while the session loads, then /auth (history replaced) for visitors. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, user } = useViewer();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user && signOutState.hasSignedOut) return <Navigate to="/" replace />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  return children;
}

/**
 * Only staff acting as staff get in; visitors and members are sent to /auth, staff whose session
 * has not passed a second factor are asked to set one up (or sign in with it). The server checks
 * again on every call.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isLoading, user, isAdmin, staff } = useViewer();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user && signOutState.hasSignedOut) return <Navigate to="/" replace />;
  if (!user) return <Navigate to="/auth" replace state={{ from: location.pathname }} />;
  if (staff && !staff.secondFactor)
    return (
      <Suspense fallback={<PageSpinner />}>
        <SecondFactorNeeded isEnrolled={user.twoFactorEnabled} />
      </Suspense>
    );
  if (!isAdmin) return <Navigate to="/auth" replace />;
  return children;
}
