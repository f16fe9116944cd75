import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useViewer } from '@/lib/viewer';
import { authKeys, providersQuery, signInWithProvider } from './api';
import { type AuthMode, ForgotPasswordForm, RecoveryForm, SignInForm, SignUpForm } from './auth-forms';
import { linkErrorMessage, RESET_LINK_ERROR } from './link-errors';
import { TwoFactorStep } from './two-factor-step';

const HEADINGS: Record<AuthMode, { title: string; description: string }> = {
  signin: { title: 'Welcome Back', description: 'Sign in to continue your 28-day program' },
  signup: { title: 'Create Your Account', description: 'Start your 28-day core transformation today' },
  forgot: { title: 'Reset Password', description: "Enter your email and we'll send you a reset link" },
  recovery: { title: 'Set a New Password', description: 'Choose a new password for your account' },
  'check-email': { title: 'Check Your Email', description: 'One more step to activate your account' },
  'two-factor': {
    title: 'Two-Factor Sign-In',
    description: 'One more step: the code from your authenticator app',
  },
};

function SocialButtons() {
  const { data } = useQuery(providersQuery());
  const enabled = (['google', 'apple'] as const).filter((provider) => data?.[provider]);
  if (enabled.length === 0) return null;
  const onClick = (provider: 'google' | 'apple') =>
    signInWithProvider(provider).catch((err: Error) =>
      toast.error('Sign-in failed', { description: err.message }),
    );
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-3 text-xs text-zinc-500">
        <span className="h-px flex-1 bg-zinc-200" /> or <span className="h-px flex-1 bg-zinc-200" />
      </div>
      {enabled.map((provider) => (
        <Button key={provider} variant="outline" onClick={() => onClick(provider)}>
          Continue with {provider === 'google' ? 'Google' : 'Apple'}
        </Button>
      ))}
    </div>
  );
}

function initialMode(params: URLSearchParams): AuthMode {
  if (params.get('type') === 'recovery') return 'recovery';
  if (params.get('action') === 'signup') return 'signup';
  return 'signin';
}

/**
 * Sign-in, sign-up and password reset. `onEmailConfirmed` starts the trial of a sign-up
 * confirmed here (app/auth-route.tsx gives it).
 */
export default function AuthPage({ onEmailConfirmed }: { onEmailConfirmed: () => Promise<unknown> }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { isLoading, user } = useViewer();
  const [mode, setMode] = useState<AuthMode>(() => initialMode(params));
  const [sentTo, setSentTo] = useState('');
  const linkError = params.get('error');
  const isConfirmed = params.has('confirmed') && !linkError;
  const confirmedHandled = useRef(false);

  // spec §2: ?confirmed shows 'Email confirmed!' and goes on to /profile-completion.
  useEffect(() => {
    if (!isConfirmed || confirmedHandled.current) return;
    confirmedHandled.current = true;
    toast.success('Email confirmed!');
    // spec §7: an auth-page sign-up starts the Feel and Burn trial; a failure is only logged.
    void onEmailConfirmed().catch((err: Error) => console.info('trial not started:', err.message));
    void queryClient.invalidateQueries({ queryKey: authKeys.me });
    navigate('/profile-completion', { replace: true });
  }, [isConfirmed, navigate, queryClient, onEmailConfirmed]);

  const refreshSession = () => queryClient.invalidateQueries({ queryKey: authKeys.me });
  const toTwoFactor = () => setMode('two-factor');
  const restartSignIn = () => {
    toast.error('This sign-in has expired', { description: 'Please sign in with your password again.' });
    setMode('signin');
  };

  if (isConfirmed) return <PageSpinner />;
  if (isLoading && mode !== 'recovery') return <PageSpinner />;
  if (user && mode !== 'recovery') {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from ?? '/'} replace />;
  }

  const heading = HEADINGS[mode];
  const token = params.get('token') ?? '';

  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-zinc-50 px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle className="text-2xl">{heading.title}</CardTitle>
          <CardDescription>{heading.description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {linkError && mode === 'signin' && <ErrorAlert>{linkErrorMessage(linkError)}</ErrorAlert>}
          {mode === 'signin' && (
            <SignInForm
              onSignedIn={refreshSession}
              onForgot={() => setMode('forgot')}
              onTwoFactor={toTwoFactor}
            />
          )}
          {mode === 'two-factor' && <TwoFactorStep onSignedIn={refreshSession} onRestart={restartSignIn} />}
          {mode === 'signup' && (
            <SignUpForm
              onCreated={(email) => {
                setSentTo(email);
                setMode('check-email');
              }}
              onExists={() => setMode('signin')}
            />
          )}
          {(mode === 'signin' || mode === 'signup') && <SocialButtons />}
          {mode === 'forgot' && <ForgotPasswordForm />}
          {mode === 'recovery' &&
            (linkError ? (
              <>
                <ErrorAlert>{RESET_LINK_ERROR}</ErrorAlert>
                <Button onClick={() => setMode('forgot')}>Request a new link</Button>
              </>
            ) : token ? (
              <RecoveryForm
                token={token}
                onTwoFactor={toTwoFactor}
                onDone={async () => {
                  await refreshSession();
                  navigate('/profile', { replace: true });
                }}
              />
            ) : (
              <ErrorAlert>This reset link is incomplete. Please request a new one.</ErrorAlert>
            ))}
          {mode === 'check-email' && (
            <div className="grid justify-items-center gap-3 text-center">
              <MailCheck className="size-12 text-brand-600" aria-hidden />
              <p className="text-sm text-zinc-700">
                We've sent a confirmation link to <strong>{sentTo}</strong>. Click it to activate your
                account, then you'll be taken to complete your profile.
              </p>
              <p className="text-xs text-zinc-500">
                No e-mail? Check your spam folder, or sign in to get a new link.
              </p>
            </div>
          )}

          <div className="border-t border-zinc-100 pt-4 text-center text-sm text-zinc-600">
            {mode === 'signin' ? (
              <>
                Don't have an account?{' '}
                <Button variant="link" className="h-auto p-0" onClick={() => setMode('signup')}>
                  Sign up
                </Button>
              </>
            ) : mode === 'signup' ? (
              <>
                Already have an account?{' '}
                <Button variant="link" className="h-auto p-0" onClick={() => setMode('signin')}>
                  Sign in
                </Button>
              </>
            ) : (
              <Button variant="link" className="h-auto p-0" onClick={() => setMode('signin')}>
                Back to sign in
              </Button>
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
