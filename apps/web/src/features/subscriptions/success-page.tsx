import { isProfileComplete } from '@core28/core/profile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { subscriptionQuery, useViewer } from '@/lib/viewer';
import { announceSubscriptionChange, confirmCheckout } from './api';
import { PAYMENT_DONE_MESSAGE, PaymentSuccessful } from './payment-successful';

const REDIRECT_MS = 6000;
const markerOf = (sessionId: string) => `core28:payment-processed:${sessionId}`;
const DELAYED = { title: 'Payment Successful', message: 'Subscription status will update shortly.' };

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
      .catch(() => {
        // spec §8: a processing error still tells the member the payment went through.
        toast.success(DELAYED.title, { description: DELAYED.message });
        setStatus('delayed');
      })
      // The sign-up tab the member left behind moves on to its success state too.
      .finally(announceSubscriptionChange);
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
    <section className="mx-auto grid min-h-[60vh] max-w-lg content-center px-4 py-16">
      <PaymentSuccessful
        hasName={hasName}
        message={status === 'delayed' ? `${DELAYED.title}. ${DELAYED.message}` : PAYMENT_DONE_MESSAGE}
      />
    </section>
  );
}
