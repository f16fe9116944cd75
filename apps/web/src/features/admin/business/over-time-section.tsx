import type { BusinessOverTime, BusinessPeriod } from '@core28/core/business';
import { Card } from '@/components/ui/card';
import type { Range } from './api';
import { csvFileName, csvMoney, csvShare } from './format';
import { MrrChart } from './mrr-chart';
import { DataTable, Term, Toggle, useFormat } from './ui';

const MOVES = [
  'newMrrCents',
  'reactivationMrrCents',
  'expansionMrrCents',
  'contractionMrrCents',
  'churnMrrCents',
] as const;

/** Nothing has happened in the range: no MRR, no trial, no money (a new business). */
export const isQuiet = (periods: BusinessPeriod[]) =>
  periods.every(
    (p) =>
      p.mrrStartCents === 0 &&
      p.mrrEndCents === 0 &&
      MOVES.every((m) => p[m] === 0) &&
      p.trialStarts === 0 &&
      p.paymentsFailed === 0 &&
      p.collectedCents === 0 &&
      p.refundedCents === 0,
  );

/** spec: Over time, 12 months by month or 12 weeks by week (or the owner's range). */
export function OverTimeSection({
  data,
  by,
  range,
  onBy,
  isError = false,
}: {
  isError?: boolean;
  data: BusinessOverTime | undefined;
  by: 'month' | 'week';
  range: Range;
  onBy: (by: 'month' | 'week') => void;
}) {
  const f = useFormat();
  const periods = data?.periods ?? [];
  const name = (what: string) => csvFileName(`${what}-by-${by}`, range);
  const label = (p: BusinessPeriod) => f.period(p.start, by);
  const minus = (cents: number) => (cents > 0 ? `−${f.money(cents)}` : f.money(0));
  const quiet = isQuiet(periods);
  const periodHeader = by === 'month' ? 'Month' : 'Week';

  return (
    <section aria-labelledby="business-over-time" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="business-over-time" className="text-xl font-bold">
          Over time
        </h2>
        <Toggle
          label="Periods"
          value={by}
          onChange={onBy}
          options={[
            { value: 'month', label: 'By month' },
            { value: 'week', label: 'By week' },
          ]}
        />
      </div>
      <Card className="grid min-w-0 gap-3 p-4 sm:p-5">
        <h3 className="font-bold">
          <Term label="MRR and its movements" of="mrrBalance" />
        </h3>
        {!data ? (
          <p className="text-sm text-zinc-600">{isError ? 'Could not be loaded.' : 'Loading…'}</p>
        ) : periods.length === 0 ? (
          <p className="text-sm text-zinc-600">No periods in this range.</p>
        ) : quiet ? (
          <p className="text-sm text-zinc-600">
            No paying members yet: MRR and its movements show here from the first checkout.
          </p>
        ) : (
          <MrrChart periods={periods} by={by} />
        )}
      </Card>
      <DataTable
        title="MRR movements"
        of="mrrBalance"
        columns={[
          { label: periodHeader },
          { label: 'MRR at start', numeric: true, of: 'mrr' },
          { label: 'New', numeric: true, of: 'newMrr' },
          { label: 'Reactivation', numeric: true, of: 'reactivation' },
          { label: 'Expansion', numeric: true, of: 'expansion' },
          { label: 'Contraction', numeric: true, of: 'contraction' },
          { label: 'Churn', numeric: true, of: 'churn' },
          { label: 'MRR at end', numeric: true, of: 'mrr' },
        ]}
        rows={periods.map((p) => ({
          key: p.start,
          cells: [
            label(p),
            f.money(p.mrrStartCents),
            f.money(p.newMrrCents),
            f.money(p.reactivationMrrCents),
            f.money(p.expansionMrrCents),
            minus(p.contractionMrrCents),
            minus(p.churnMrrCents),
            f.money(p.mrrEndCents),
          ],
        }))}
        csv={{
          name: name('mrr'),
          header: [
            'period_start',
            'period_end',
            'mrr_start_usd',
            'new_usd',
            'reactivation_usd',
            'expansion_usd',
            'contraction_usd',
            'churn_usd',
            'mrr_end_usd',
          ],
          rows: periods.map((p) => [
            p.start,
            p.end,
            csvMoney(p.mrrStartCents),
            ...MOVES.map((m) => csvMoney(p[m])),
            csvMoney(p.mrrEndCents),
          ]),
        }}
      />
      <DataTable
        title="Paying members and churn"
        of="payingMembers"
        columns={[
          { label: periodHeader },
          { label: 'At start', numeric: true },
          { label: 'New', numeric: true },
          { label: 'Returned', numeric: true },
          { label: 'Churned', numeric: true },
          { label: 'At end', numeric: true },
          { label: 'Logo churn', numeric: true, of: 'logoChurn' },
          { label: 'Revenue churn', numeric: true, of: 'revenueChurn' },
        ]}
        rows={periods.map((p) => ({
          key: p.start,
          cells: [
            label(p),
            f.count(p.payingStart),
            f.count(p.newMembers),
            f.count(p.reactivatedMembers),
            f.count(p.churnedMembers),
            f.count(p.payingEnd),
            f.percent(p.logoChurnRate),
            f.percent(p.revenueChurnRate),
          ],
        }))}
        csv={{
          name: name('members'),
          header: [
            'period_start',
            'period_end',
            'paying_start',
            'new',
            'reactivated',
            'churned',
            'paying_end',
            'logo_churn',
            'revenue_churn',
          ],
          rows: periods.map((p) => [
            p.start,
            p.end,
            p.payingStart,
            p.newMembers,
            p.reactivatedMembers,
            p.churnedMembers,
            p.payingEnd,
            csvShare(p.logoChurnRate),
            csvShare(p.revenueChurnRate),
          ]),
        }}
      />
      <DataTable
        title="Trials by the period they started"
        of="trialConversion"
        columns={[
          { label: periodHeader },
          { label: 'Trials started', numeric: true },
          { label: 'Converted', numeric: true },
          { label: 'Conversion', numeric: true, of: 'trialConversion' },
        ]}
        rows={periods.map((p) => ({
          key: p.start,
          cells: [
            label(p),
            f.count(p.trialStarts),
            f.count(p.trialConversions),
            f.percent(p.trialConversionRate),
          ],
        }))}
        csv={{
          name: name('trials'),
          header: ['period_start', 'period_end', 'trials_started', 'converted', 'conversion'],
          rows: periods.map((p) => [
            p.start,
            p.end,
            p.trialStarts,
            p.trialConversions,
            csvShare(p.trialConversionRate),
          ]),
        }}
      />
      <DataTable
        title="Payments and revenue collected"
        of="revenue"
        columns={[
          { label: periodHeader },
          { label: 'Payments failed', numeric: true, of: 'payments' },
          { label: 'Recovered', numeric: true },
          { label: 'Lost', numeric: true },
          { label: 'Invoices paid', numeric: true },
          { label: 'Refunds', numeric: true },
          { label: 'Net collected', numeric: true },
        ]}
        rows={periods.map((p) => ({
          key: p.start,
          cells: [
            label(p),
            f.count(p.paymentsFailed),
            f.count(p.paymentsRecovered),
            f.count(p.paymentsLost),
            f.money(p.collectedCents),
            minus(Math.abs(p.refundedCents)),
            f.money(p.collectedCents - Math.abs(p.refundedCents)),
          ],
        }))}
        csv={{
          name: name('payments'),
          header: [
            'period_start',
            'period_end',
            'payments_failed',
            'recovered',
            'lost',
            'collected_usd',
            'refunded_usd',
            'net_usd',
          ],
          rows: periods.map((p) => [
            p.start,
            p.end,
            p.paymentsFailed,
            p.paymentsRecovered,
            p.paymentsLost,
            csvMoney(p.collectedCents),
            csvMoney(Math.abs(p.refundedCents)),
            csvMoney(p.collectedCents - Math.abs(p.refundedCents)),
          ]),
        }}
      />
    </section>
  );
}
