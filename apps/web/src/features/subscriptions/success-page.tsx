import { isProfileComplete } from '@core28/core/profile';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useViewer } from '../auth/api';
import { confirmCheckout, subscriptionQuery } from './api';

const REDIRECT_MS = 6000;
const markerOf = (sessionId: string) => `core28:payment-processed:${sessionId}`;

/** spec §2 Payment success: processed once per session id (a marker in session storage). */
export default function SuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { profile, isLoading } = useViewer();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [status, setStatus] = useState<'processing' | 'done' | 'delayed'>('processing');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const alreadyProcessed = sessionId ? sessionStorage.getItem(markerOf(sessionId)) : null;
    if (!sessionId || alreadyProcessed) {
      setStatus('done');
      return;
    }
    confirmCheckout(sessionId)
      .then((state) => {
        sessionStorage.setItem(markerOf(sessionId), '1');
        queryClient.setQueryData(subscriptionQuery().queryKey, state);
        setStatus('done');
      })
      .catch(() => setStatus('delayed'));
  }, [sessionId, queryClient]);

  const hasName = isProfileComplete(profile);
  useEffect(() => {
    if (status === 'processing' || isLoading) return;
    const timer = setTimeout(() => navigate(hasName ? '/profile' : '/profile-completion'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [status, isLoading, hasName, navigate]);

  if (status === 'processing')
    return (
      <div className="grid min-h-[60vh] place-items-center content-center gap-3 text-center">
        <Spinner className="size-10" />
        <p className="text-zinc-600">Processing your payment...</p>
      </div>
    );

  return (
    <section className="mx-auto grid min-h-[60vh] max-w-lg content-center justify-items-center gap-4 px-4 py-16 text-center">
      <CircleCheck className="size-16 text-green-600" aria-hidden />
      <h1 className="text-3xl font-extrabold tracking-tight">Payment Successful!</h1>
      <p className="text-zinc-600">
        {status === 'delayed'
          ? 'Payment Successful. Subscription status will update shortly.'
          : 'Welcome aboard. Your subscription is active and your program is ready.'}
      </p>
      <div className="mt-2 grid w-full gap-2 sm:w-auto">
        <Button asChild size="lg">
          <Link to="/program">Continue Your Program</Link>
        </Button>
        {!hasName && (
          <Button asChild size="lg" variant="secondary">
            <Link to="/profile-completion">Complete Your Profile</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
      <p className="text-sm text-zinc-500">
        Questions about your payment?{' '}
        <Link to="/contact" className="text-brand-600 hover:underline">
          Contact us
        </Link>
      </p>
    </section>
  );
}
