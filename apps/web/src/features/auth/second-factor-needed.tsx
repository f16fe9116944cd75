import { ShieldCheck } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useSignOut } from './api';

/**
 * The admin area to staff whose session has not passed a second factor (STAFF_TWO_FACTOR
 * required): they act as members until then. Not enrolled: set it up on the profile, after which
 * the session is the verified one. Enrolled (this session came from a recovery link or Google):
 * sign in again, with the code.
 */
export function SecondFactorNeeded({ isEnrolled }: { isEnrolled: boolean }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const signInAgain = () => {
    signOut();
    toast.success('Signed out', { description: 'Sign in with your password and your code.' });
    void navigate('/auth');
  };
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-zinc-50 px-4 py-12">
      <div className="grid w-full max-w-md gap-4 rounded-2xl border border-zinc-200 bg-white p-6 text-center shadow-sm">
        <ShieldCheck className="mx-auto size-12 text-brand-600" aria-hidden />
        <h1 className="text-balance text-xl font-extrabold tracking-tight sm:text-2xl">
          {isEnrolled ? 'Sign in with your code' : 'Set up two-factor sign-in'}
        </h1>
        <p className="text-sm text-zinc-700">
          {isEnrolled
            ? 'Staff work in the admin area only after signing in with the code from their authenticator app. This session was opened without it.'
            : 'Staff work in the admin area only with two-factor sign-in: after your password, a code from an authenticator app on your phone. It takes a minute.'}
        </p>
        {isEnrolled ? (
          <Button onClick={signInAgain}>Sign in again</Button>
        ) : (
          <Button asChild>
            <Link to="/profile#two-factor">Set up two-factor sign-in</Link>
          </Button>
        )}
        <Link to="/" className="text-sm text-brand-600 hover:underline">
          Back to the app
        </Link>
      </div>
    </main>
  );
}
