import { hasTrialEnded } from '@core28/core/entitlements';
import { checkoutPlan, formatDollars, isPaidMember, trialDaysLeft } from '@core28/core/plans';
import type { SubscriptionState } from '@core28/core/subscriptions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard, ExternalLink, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { subscriptionQuery, useViewer } from '@/lib/viewer';
import { VerifyEmailCard } from '../profile/verify-email-card';
import { billingQuery, openPortal, planQuery, subscriptionKeys, useResumeSubscription } from './api';

const fromSeconds = (seconds: number) => formatDate(seconds * 1000, 'long');
const fromIso = (iso: string | null) => (iso ? formatDate(iso, 'long') : 'Soon');

function Badge({ children, tone }: { children: string; tone: 'green' | 'amber' }) {
  const colours = tone === 'green' ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900';
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${colours}`}>{children}</span>;
}

/**
 * The paid plan's heading: 'Active' with the next billing date, or, after 'Cancel at period end',
 * 'Cancels on {date}' with a way to resume and no billing date.
 */
function PaidPlanHeader({ subscription }: { subscription: SubscriptionState }) {
  // Cancelling happens in the billing portal's tab: this one re-reads the plan when looked at again.
  const plan = useQuery({ ...planQuery(), refetchOnWindowFocus: 'always' });
  const resume = useResumeSubscription();
  const details = plan.data;
  const periodEnd = fromIso(details?.current_period_end ?? subscription.subscription_end);
  const onResume = () =>
    resume.mutate(undefined, {
      onSuccess: () => toast.success('Subscription resumed', { description: `It renews on ${periodEnd}.` }),
      onError: (err) => toast.error('Error', { description: err.message }),
    });
  const interval = details?.plan ? checkoutPlan(details.plan).interval : null;
  return (
    <CardHeader>
      <div className="flex flex-wrap items-center gap-3">
        <CardTitle>{subscription.subscription_tier}</CardTitle>
        {interval && (
          <span className="text-sm text-zinc-500">{interval === 'year' ? 'Yearly' : 'Monthly'}</span>
        )}
        {details?.cancel_at_period_end ? (
          <Badge tone="amber">{`Cancels on ${periodEnd}`}</Badge>
        ) : (
          <Badge tone="green">Active</Badge>
        )}
      </div>
      {plan.isPending ? (
        <CardDescription>Loading...</CardDescription>
      ) : details?.cancel_at_period_end ? (
        <div className="mt-1 grid gap-3">
          <CardDescription>
            Your plan ends on {periodEnd}. You will not be billed again; resume to keep it going.
          </CardDescription>
          <div>
            <Button onClick={onResume} disabled={resume.isPending}>
              Resume subscription
            </Button>
          </div>
        </div>
      ) : (
        <CardDescription>
          Next billing date: {periodEnd}
          {details?.scheduled_plan &&
            `. Switches to ${checkoutPlan(details.scheduled_plan).plan.name} (${checkoutPlan(details.scheduled_plan).interval === 'year' ? 'yearly' : 'monthly'}) on ${periodEnd}.`}
        </CardDescription>
      )}
    </CardHeader>
  );
}

function BillingDetails() {
  const billing = useQuery(billingQuery());

  const onPortal = async () => {
    try {
      const { url } = await openPortal();
      if (!url) throw new Error('No portal URL received');
      if (!window.open(url, '_blank', 'noopener')) window.location.assign(url);
    } catch (err) {
      toast.error('Error', {
        description: (err as Error).message || 'Failed to open subscription management portal.',
      });
    }
  };

  if (billing.isPending) return <p className="text-sm text-zinc-500">Loading...</p>;
  const data = billing.data;
  return (
    <div className="grid gap-6">
      {data && (
        <>
          <section aria-labelledby="methods-heading" className="grid gap-2">
            <h3 id="methods-heading" className="font-semibold">
              Payment methods
            </h3>
            {data.payment_methods.length === 0 && <p className="text-sm text-zinc-500">No card on file.</p>}
            {data.payment_methods.map((pm) => (
              <p key={pm.id} className="flex items-center gap-2 text-sm">
                <CreditCard className="size-4" aria-hidden />
                {pm.card.brand.toUpperCase()} •••• {pm.card.last4}, expires {pm.card.exp_month}/
                {pm.card.exp_year}
              </p>
            ))}
          </section>
          <section aria-labelledby="invoices-heading" className="grid gap-2">
            <h3 id="invoices-heading" className="font-semibold">
              Invoices
            </h3>
            {data.invoices.length === 0 ? (
              <p className="text-sm text-zinc-500">No invoices yet.</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <thead className="text-zinc-500">
                    <tr>
                      <th className="py-2 pr-4 font-medium">Number</th>
                      <th className="py-2 pr-4 font-medium">Date</th>
                      <th className="py-2 pr-4 font-medium">Amount</th>
                      <th className="py-2 pr-4 font-medium">Description</th>
                      <th className="py-2 font-medium">Receipt</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.invoices.slice(0, 10).map((invoice) => (
                      <tr key={invoice.id} className="border-t border-zinc-100">
                        <td className="py-2 pr-4 font-mono text-xs">{invoice.number}</td>
                        <td className="py-2 pr-4">{fromSeconds(invoice.created)}</td>
                        <td className="py-2 pr-4 font-semibold">{formatDollars(invoice.amount_paid)}</td>
                        <td className="py-2 pr-4">{invoice.description}</td>
                        <td className="py-2">
                          {invoice.invoice_pdf && (
                            <a
                              href={invoice.invoice_pdf}
                              target="_blank"
                              rel="noopener noreferrer"
                              className="inline-flex min-h-11 min-w-11 items-center text-brand-600 hover:underline"
                            >
                              View
                            </a>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
      <div>
        <Button onClick={onPortal}>
          <ExternalLink /> Manage billing
        </Button>
      </div>
    </div>
  );
}

export default function ManageSubscriptionPage() {
  const { user, subscription, isLoading } = useViewer();
  const queryClient = useQueryClient();
  const subscriptionState = useQuery({ ...subscriptionQuery(), enabled: user !== null });

  if (!isLoading && !user)
    return <p className="px-4 py-16 text-center">Please log in to view your subscription.</p>;
  if (isLoading || subscriptionState.isPending)
    return <p className="px-4 py-16 text-center text-zinc-600">Loading...</p>;

  const onRefresh = async () => {
    try {
      await queryClient.fetchQuery({ ...subscriptionQuery(), staleTime: 0 });
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.billing });
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.plan });
      toast.success('Subscription refreshed');
    } catch {
      toast.error('Error', { description: 'Failed to refresh subscription status.' });
    }
  };

  const s = subscription;
  const isPaid = isPaidMember(s);
  return (
    <section className="bg-zinc-50 px-4 py-10 sm:px-6">
      <div className="mx-auto grid max-w-3xl gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-extrabold tracking-tight">Subscription</h1>
          <Button variant="outline" size="sm" onClick={onRefresh}>
            <RefreshCw /> Refresh
          </Button>
        </div>
        {user && !user.emailVerified && <VerifyEmailCard email={user.email} />}
        {isPaid && s ? (
          <Card>
            <PaidPlanHeader subscription={s} />
            <CardContent>
              <BillingDetails />
            </CardContent>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <div className="flex flex-wrap items-center gap-3">
                <CardTitle>{s?.subscription_tier ?? 'No plan yet'}</CardTitle>
                {s?.is_trial && (
                  <Badge tone="amber">{`Free Trial · ${trialDaysLeft(s.trial_end, new Date())} days left`}</Badge>
                )}
              </div>
              <CardDescription>
                {s?.is_trial && hasTrialEnded(s)
                  ? `Your free trial ended on ${fromIso(s.trial_end)}. Choose a plan to keep full access to the 28-day program.`
                  : s?.is_trial
                    ? `Your free trial ends on ${fromIso(s.trial_end)}. Upgrade to keep full access to the 28-day program.`
                    : 'Choose a plan to unlock the full 28-day program, the exercise library and coaching.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild>
                <Link to="/subscription">View Plans</Link>
              </Button>
            </CardContent>
          </Card>
        )}
      </div>
    </section>
  );
}
