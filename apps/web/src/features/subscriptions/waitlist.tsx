import type { BillingInterval } from '@core28/core/plans';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck, Users } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/class-names';
import { useViewer } from '@/lib/viewer';
import { joinWaitlist, seatsQuery } from './api';

// "Limited seats": when every 1-on-1 Burn seat is taken, the card says so and offers the
// waitlist instead of a checkout that would be refused.

/** True when 1-on-1 Burn cannot be bought now (known full); false while unknown or free. */
export function useBurnSeatsFull() {
  const { data } = useQuery(seatsQuery());
  return data ? !data.available : false;
}

export function SeatsFull({
  interval,
  className,
  note,
}: {
  interval: BillingInterval;
  className?: string;
  /** A line under the heading (the sign-up: an offer is taken by signing up with its address). */
  note?: string;
}) {
  const { user } = useViewer();
  const [email, setEmail] = useState(user?.email ?? '');
  const [chosen, setChosen] = useState<BillingInterval>(interval);
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const emailId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setIsPending(true);
    try {
      setJoined((await joinWaitlist({ email, interval: chosen })).message);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setIsPending(false);
    }
  };

  return (
    <div className={cn('mt-auto grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4', className)}>
      <p className="flex items-start gap-2 text-sm font-semibold text-amber-950">
        <Users className="mt-0.5 size-4 shrink-0" aria-hidden />
        All 1-on-1 seats are taken right now.
      </p>
      {note && <p className="text-sm text-amber-950">{note}</p>}
      {joined ? (
        <p role="status" className="flex items-start gap-2 text-sm text-green-900">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
          {joined}
        </p>
      ) : (
        <form className="grid gap-3" onSubmit={onSubmit} aria-label="Join the waitlist">
          <p className="text-sm text-amber-950">
            Join the waitlist: when a seat frees up, the first person waiting gets an e-mail and 48 hours to
            take it.
          </p>
          <div className="grid gap-1.5">
            <Label htmlFor={emailId}>E-mail</Label>
            <Input
              id={emailId}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <fieldset className="grid grid-cols-2 gap-2">
            <legend className="mb-1.5 text-sm font-medium">Billing when a seat is yours</legend>
            {(['month', 'year'] as const).map((option) => (
              <label
                key={option}
                className={cn(
                  'cursor-pointer rounded-lg border bg-white px-3 py-2 text-center text-sm font-semibold has-focus-visible:ring-2 has-focus-visible:ring-brand-600',
                  chosen === option ? 'border-brand-600 text-brand-700' : 'border-zinc-300 text-zinc-700',
                )}
              >
                <input
                  type="radio"
                  name="waitlist-interval"
                  value={option}
                  checked={chosen === option}
                  onChange={() => setChosen(option)}
                  className="sr-only"
                />
                {option === 'month' ? 'Monthly' : 'Annually'}
              </label>
            ))}
          </fieldset>
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <Button type="submit" size="lg" disabled={isPending}>
            {isPending ? 'Joining…' : 'Join the waitlist'}
          </Button>
        </form>
      )}
    </div>
  );
}
