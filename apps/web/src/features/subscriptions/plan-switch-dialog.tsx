import { type CheckoutPlanId, checkoutPlan, formatDollars, planLabel } from '@core28/core/plans';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { openCancelPortal, planChangePreviewQuery, useChangePlan } from './api';

const longDate = (iso: string) => formatDate(iso, 'long');
const perInterval = (id: CheckoutPlanId) => {
  const { amountCents, interval } = checkoutPlan(id);
  return `${formatDollars(amountCents)} per ${interval}`;
};

/**
 * Switching a paying member's plan: what is charged today (the provider's proration preview),
 * when the new plan starts, then the switch of the one subscription.
 */
export function PlanSwitchDialog({
  from,
  to,
  onClose,
}: {
  from: CheckoutPlanId;
  to: CheckoutPlanId | null;
  onClose: () => void;
}) {
  const preview = useQuery(planChangePreviewQuery(to));
  const change = useChangePlan();
  const data = preview.data;

  const onConfirm = () => {
    if (!to || !data) return;
    change.mutate(
      { plan: to, proration_date: data.proration_date },
      {
        onSuccess: () => {
          toast.success('Plan changed', {
            description:
              data.change === 'downgrade'
                ? `You switch to ${planLabel(to)} on ${longDate(data.effective_at)}.`
                : `You are now on ${planLabel(to)}.`,
          });
          onClose();
        },
        onError: (err) =>
          toast.error(err instanceof ApiError && err.status === 402 ? 'Payment failed' : 'Error', {
            description: err.message,
          }),
      },
    );
  };

  return (
    <Dialog open={to !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{to ? `Switch to ${planLabel(to)}` : 'Switch plan'}</DialogTitle>
        <DialogDescription>From {planLabel(from)}. You keep one subscription.</DialogDescription>
        <div className="mt-5 grid gap-4">
          {preview.isPending ? (
            <p className="flex items-center gap-2 text-sm text-zinc-600">
              <Spinner className="size-4" /> Working out the price...
            </p>
          ) : preview.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {preview.error.message}
            </p>
          ) : data && to ? (
            <>
              <dl className="grid gap-2 rounded-xl bg-zinc-50 p-4 text-sm">
                <div className="flex items-baseline justify-between gap-4">
                  <dt className="font-semibold">Charged today</dt>
                  <dd className="text-2xl font-extrabold">{formatDollars(data.amount_due)}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-zinc-600">{data.change === 'downgrade' ? 'Starts on' : 'Starts'}</dt>
                  <dd>{data.change === 'downgrade' ? longDate(data.effective_at) : 'Right away'}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-zinc-600">Then</dt>
                  <dd>{perInterval(to)}</dd>
                </div>
              </dl>
              <p className="text-sm text-zinc-600">
                {data.change === 'downgrade'
                  ? `You keep ${planLabel(from)} until ${longDate(data.effective_at)}; nothing is charged today.`
                  : data.change === 'upgrade'
                    ? 'Today’s charge is the new price for the rest of your billing period, less what is left of the current one.'
                    : `You stay on ${planLabel(from)}; the scheduled switch is cancelled.`}
              </p>
            </>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={onConfirm} disabled={!data || change.isPending}>
              {data?.change === 'upgrade'
                ? `Switch and pay ${formatDollars(data.amount_due)}`
                : data?.change === 'downgrade'
                  ? `Switch on ${longDate(data.effective_at)}`
                  : 'Confirm'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Picking the free plan while paid: cancel at the period end, in the provider's billing portal. */
export function CancelToFreeDialog({
  open,
  tier,
  periodEnd,
  onClose,
}: {
  open: boolean;
  tier: string;
  periodEnd: string | null;
  onClose: () => void;
}) {
  const onContinue = async () => {
    try {
      const { url } = await openCancelPortal();
      if (!window.open(url, '_blank')) window.location.assign(url);
      onClose();
    } catch (err) {
      toast.error('Error', {
        description: (err as Error).message || 'Failed to open subscription management portal.',
      });
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogTitle>Switch to Feel and Burn</DialogTitle>
        <DialogDescription>
          Feel and Burn is the free plan: you switch by cancelling {tier} at the end of your billing period,
          in the billing portal.
        </DialogDescription>
        <p className="mt-4 text-sm text-zinc-700">
          You keep {tier} until {periodEnd ? longDate(periodEnd) : 'the end of the period'} and are not
          charged again.
        </p>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Keep {tier}
          </Button>
          <Button onClick={onContinue}>Continue to billing portal</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
