import type { BusinessNow } from '@core28/core/business';
import { CHECKOUT_PLAN_IDS, type CheckoutPlanId, checkoutPlan } from '@core28/core/plans';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import type { Defined } from './definitions';
import { csvFileName, csvMoney, csvShare } from './format';
import { DataTable, Term, useFormat } from './ui';

/** A figure on a card: its defined name, the number, and a line under it. */
function Figure({ label, of, value, note }: { label: string; of: Defined; value: string; note?: ReactNode }) {
  return (
    <Card role="group" aria-label={label} className="grid content-start gap-1 p-4">
      <p className="text-sm font-medium text-zinc-600">
        <Term label={label} of={of} />
      </p>
      <p className="text-2xl font-extrabold tracking-tight tabular-nums">{value}</p>
      {note && <p className="text-xs text-zinc-600">{note}</p>}
    </Card>
  );
}

export const EMPTY_NOW: Omit<BusinessNow, 'at'> = {
  currency: 'USD',
  mrrCents: 0,
  paying: 0,
  arpuCents: 0,
  byPlan: [],
  trials: 0,
  cancelling: { members: 0, mrrCents: 0 },
  failing: { members: 0, mrrCents: 0 },
};

/** The plan's name and interval as the owner reads them ("The Daily Core", "Yearly"). */
function planLabel(planId: string) {
  if (!(CHECKOUT_PLAN_IDS as readonly string[]).includes(planId)) return { name: planId, interval: '–' };
  const { plan, interval } = checkoutPlan(planId as CheckoutPlanId);
  return { name: plan.name, interval: interval === 'year' ? 'Yearly' : 'Monthly' };
}

/** spec: Now, live from the ledger whatever the page's range. */
export function NowSection({
  now,
  today,
  isError = false,
}: {
  now: BusinessNow | undefined;
  today: string;
  isError?: boolean;
}) {
  const f = useFormat();
  const data = now ?? { ...EMPTY_NOW, at: '' };
  // Before the figures arrive (or when they could not be loaded) nothing reads as a real $0.
  const shown = (text: string) => (now ? text : isError ? '–' : '…');
  const byPlan = [...data.byPlan].sort((a, b) => b.mrrCents - a.mrrCents);
  const share = (cents: number) => (data.mrrCents > 0 ? cents / data.mrrCents : null);
  return (
    <section aria-labelledby="business-now" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="business-now" className="text-xl font-bold">
          Now
        </h2>
        <p className="text-sm text-zinc-600">
          Live, whatever the range{now?.at ? ` · as of ${f.dateTime(now.at)}` : ''}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Figure
          label="MRR"
          of="mrr"
          value={shown(f.money(data.mrrCents))}
          note={shown(`${f.money(data.mrrCents * 12)} a year`)}
        />
        <Figure label="Paying members" of="paying" value={shown(f.count(data.paying))} />
        <Figure label="ARPU" of="arpu" value={shown(f.money(data.arpuCents))} note="a month" />
        <Figure label="In trial" of="trials" value={shown(f.count(data.trials))} />
        <Figure
          label="Scheduled cancellations"
          of="cancelling"
          value={shown(f.count(data.cancelling.members))}
          note={shown(`${f.money(data.cancelling.mrrCents)} MRR at risk`)}
        />
        <Figure
          label="Failing payments"
          of="failing"
          value={shown(f.count(data.failing.members))}
          note={shown(`${f.money(data.failing.mrrCents)} MRR in grace`)}
        />
      </div>
      <DataTable
        title="Paying members by plan"
        of="byPlan"
        // The server lists every plan, 0 when none: no one paying is said in words.
        empty={
          data.paying === 0 &&
          (now ? 'No paying members yet.' : isError ? 'Could not be loaded.' : 'Loading…')
        }
        columns={[
          { label: 'Plan' },
          { label: 'Interval' },
          { label: 'Paying', numeric: true },
          { label: 'MRR', numeric: true },
          { label: 'Share of MRR', numeric: true },
        ]}
        rows={byPlan.map((row) => {
          const { name, interval } = planLabel(row.planId);
          return {
            key: row.planId,
            cells: [
              name,
              interval,
              f.count(row.paying),
              f.money(row.mrrCents),
              f.percent(share(row.mrrCents)),
            ],
          };
        })}
        csv={{
          name: csvFileName('paying-by-plan', { from: today, to: today }),
          header: ['plan_id', 'plan', 'interval', 'paying', 'mrr_usd', 'share_of_mrr'],
          rows: byPlan.map((row) => {
            const { name, interval } = planLabel(row.planId);
            return [
              row.planId,
              name,
              interval,
              row.paying,
              csvMoney(row.mrrCents),
              csvShare(share(row.mrrCents)),
            ];
          }),
        }}
      />
    </section>
  );
}
