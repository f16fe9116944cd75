import AuthPage from '@/features/auth/auth-page';
import { useActivateTrial } from '@/features/subscriptions/api';

/**
 * /auth. A sign-up confirmed there starts the trial (spec §7), which is subscriptions' to do: the
 * app hands it to the auth page, so that auth, which the sign-up flow itself uses, imports no feature.
 */
export default function AuthRoute() {
  // Stores the new subscription state when it answers, so the banner shows the trial even when
  // it read the state before the trial began.
  const { mutateAsync: activateTrial } = useActivateTrial();
  return <AuthPage onEmailConfirmed={activateTrial} />;
}
