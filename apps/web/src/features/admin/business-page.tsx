import { adminHomeOf, staffMay } from '@core28/core/staff';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { useViewer } from '@/lib/viewer';
import { businessCohortsQuery, businessNowQuery, businessOverTimeQuery, type Range } from './business/api';
import { CohortsSection } from './business/cohorts-section';
import { DEFINITIONS, FOOTNOTE } from './business/definitions';
import { defaultRange, validDay } from './business/format';
import { NowSection } from './business/now-section';
import { OverTimeSection } from './business/over-time-section';
import { FormatProvider } from './business/ui';

// The owner's numbers (/admin/business): Now, Over time and Cohorts from the plan ledger. The
// range and the period size live in the URL, so a view can be bookmarked and shared.

/** The owner only: a coach never sees money (the server refuses the figures to anyone else too). */
export default function BusinessPage() {
  const { staff } = useViewer();
  if (!staffMay(staff, 'business')) return <Navigate to={adminHomeOf(staff) ?? '/'} replace />;
  return (
    <FormatProvider>
      <Business />
    </FormatProvider>
  );
}

/** The page's view as the URL says it: ?from&to (the owner's range, else the default) and ?by. */
export function viewOf(params: URLSearchParams, today: Date) {
  const by = params.get('by') === 'week' ? 'week' : 'month';
  const fallback = defaultRange(by, today);
  const from = validDay(params.get('from'));
  const to = validDay(params.get('to'));
  const isCustom = Boolean(from || to);
  const range: Range = { from: from ?? fallback.from, to: to ?? fallback.to };
  return { by, isCustom, range: range.from <= range.to ? range : fallback } as const;
}

function Business() {
  const [params, setParams] = useSearchParams();
  const { by, isCustom, range } = viewOf(params, new Date());
  const now = useQuery(businessNowQuery());
  const overTime = useQuery(businessOverTimeQuery(range, by));
  const cohorts = useQuery(businessCohortsQuery(range));
  const failed = [now, overTime, cohorts].filter((q) => q.isError);
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  return (
    <div className="grid gap-8 p-4 sm:p-8">
      <header className="grid gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Business</h1>
          <p className="text-zinc-600">
            Revenue, members and retention from the ledger of every plan change. Amounts in US dollars; days
            and weeks in UTC.
          </p>
        </div>
        <RangeForm key={`${range.from}/${range.to}`} range={range} isCustom={isCustom} onApply={update} />
        {failed.length > 0 && (
          <LoadError
            // The server's own words when it refused the range (over 10 years, before 2000).
            message={`Some figures could not be loaded: ${[...new Set(failed.map((q) => q.error?.message))].join(' ')}`}
            retryLabel="Try Again"
            onRetry={() => {
              for (const q of failed) void q.refetch();
            }}
          />
        )}
      </header>
      <NowSection now={now.data} isError={now.isError} today={new Date().toISOString().slice(0, 10)} />
      <OverTimeSection
        data={overTime.data}
        by={by}
        range={range}
        isError={overTime.isError}
        onBy={(next) => update({ by: next === 'month' ? null : next })}
      />
      <CohortsSection data={cohorts.data} isError={cohorts.isError} range={range} />
      <Footnote />
    </div>
  );
}

function RangeForm({
  range,
  isCustom,
  onApply,
}: {
  range: Range;
  isCustom: boolean;
  onApply: (changes: Record<string, string | null>) => void;
}) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!validDay(from) || !validDay(to)) return setError('Enter both dates.');
    if (from > to) return setError('The start must not be after the end.');
    setError(null);
    onApply({ from, to });
  };
  const field = 'h-10 rounded-lg border border-zinc-300 bg-white px-3 text-sm';
  return (
    <Card className="flex flex-wrap items-end gap-3 p-4">
      <form onSubmit={submit} aria-label="Date range" className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm font-medium">
          From
          <input
            type="date"
            className={field}
            value={from}
            max={to}
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label className="grid gap-1 text-sm font-medium">
          To
          <input
            type="date"
            className={field}
            value={to}
            min={from}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        <Button type="submit" variant="secondary">
          Apply
        </Button>
        {isCustom && (
          <Button type="button" variant="ghost" onClick={() => onApply({ from: null, to: null })}>
            Reset
          </Button>
        )}
      </form>
      <p className="text-sm text-zinc-600" role={error ? 'alert' : undefined}>
        {error ?? 'Applies to Over time and Cohorts; Now is always now.'}
      </p>
    </Card>
  );
}

/** Every figure's definition in one place (the same words as on hover; examples in the docs). */
function Footnote() {
  return (
    <section aria-labelledby="business-definitions" className="grid gap-2 text-sm">
      <h2 id="business-definitions" className="text-lg font-bold">
        Definitions
      </h2>
      <dl className="grid gap-x-6 gap-y-2 text-zinc-700 md:grid-cols-2">
        {FOOTNOTE.map(({ term, key }) => (
          <div key={key}>
            <dt className="inline font-semibold text-zinc-900">{term}: </dt>
            <dd className="inline">{DEFINITIONS[key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
