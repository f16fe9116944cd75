import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** spec §2 Payment success: the page's content, also shown by the sign-up tab left behind. */
export function PaymentSuccessful({
  message,
  hasName,
  headingLevel = 1,
}: {
  message: string;
  hasName: boolean;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="grid justify-items-center gap-4 text-center">
      <CircleCheck className="size-16 text-green-600" aria-hidden />
      <Heading className="text-3xl font-extrabold tracking-tight">Payment Successful!</Heading>
      <p className="text-zinc-600">{message}</p>
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
    </div>
  );
}

export const PAYMENT_DONE_MESSAGE = 'Welcome aboard. Your subscription is active and your program is ready.';
