import type { BusinessCohort, BusinessCohorts } from '@core28/core/business';
import { useState } from 'react';
import type { Range } from './api';
import { csvFileName, csvShare } from './format';
import { DataTable, Toggle, useFormat } from './ui';

/**
 * The triangle's colour scale: one hue, darker as the share grows, each step's text colour
 * chosen for AA contrast (4.5:1) against it (cohorts.test checks). The number is always printed.
 */
export const SCALE = [
  { min: 0, background: '#f8fafc', text: '#18181b' },
  { min: 0.1, background: '#dbeafe', text: '#18181b' },
  { min: 0.25, background: '#bfdbfe', text: '#18181b' },
  { min: 0.4, background: '#93c5fd', text: '#18181b' },
  { min: 0.55, background: '#2563eb', text: '#ffffff' },
  { min: 0.7, background: '#1d4ed8', text: '#ffffff' },
  { min: 0.85, background: '#1e3a8a', text: '#ffffff' },
] as const;

export const toneOf = (share: number) => [...SCALE].reverse().find((s) => share >= s.min) ?? SCALE[0];

type Measure = 'paying' | 'training';
const FUNNEL = ['day1', 'day7', 'day14', 'day21', 'day28', 'round2'] as const;
const FUNNEL_LABELS = ['Day 1', 'Day 7', 'Day 14', 'Day 21', 'Day 28', 'Round 2'];

/** spec: Cohorts by month of sign-up, the share still paying or training, and the program funnel. */
export function CohortsSection({
  data,
  range,
  isError = false,
}: {
  data: BusinessCohorts | undefined;
  range: Range;
  isError?: boolean;
}) {
  const f = useFormat();
  const [measure, setMeasure] = useState<Measure>('paying');
  const cohorts: BusinessCohort[] = data?.cohorts ?? [];
  const months = Math.max(0, ...cohorts.map((c) => Math.max(c.paying.length, c.training.length)));
  const columns = Array.from({ length: months }, (_, i) => i);
  const empty =
    cohorts.length === 0 &&
    (data ? 'No members signed up in this range yet.' : isError ? 'Could not be loaded.' : 'Loading…');
  const share = (n: number, of: number) => (of > 0 ? n / of : null);

  return (
    <section aria-labelledby="business-cohorts" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="business-cohorts" className="text-xl font-bold">
            Cohorts
          </h2>
          <p className="text-sm text-zinc-600">
            By month of sign-up.{' '}
            {data?.computedAt
              ? `Computed ${f.dateTime(data.computedAt)} (nightly).`
              : data
                ? 'Not computed yet: the nightly job has not run.'
                : ''}
          </p>
        </div>
        <Toggle
          label="Cohort measure"
          value={measure}
          onChange={setMeasure}
          options={[
            { value: 'paying', label: 'Still paying' },
            { value: 'training', label: 'Still training' },
          ]}
        />
      </div>
      <DataTable
        title={
          measure === 'paying'
            ? 'Share still paying, by months since sign-up'
            : 'Share still training, by months since sign-up'
        }
        of={measure === 'paying' ? 'cohortPaying' : 'cohortTraining'}
        empty={empty}
        columns={[
          { label: 'Sign-up month' },
          { label: 'Members', numeric: true },
          // M0 is the sign-up month (the title and definition say so): short, so a year fits at 1280 px.
          ...columns.map((m) => ({ label: `M${m}`, numeric: true })),
        ]}
        rows={cohorts.map((c) => {
          const shares = c[measure];
          return {
            key: c.cohort,
            cells: [
              f.month(c.cohort),
              f.count(c.members),
              ...columns.map((m) => (m < shares.length ? f.percent(shares[m]) : '')),
            ],
            cellClassNames: [
              undefined,
              undefined,
              ...columns.map((m) => (m < shares.length ? 'font-semibold' : undefined)),
            ],
          };
        })}
        csv={{
          name: csvFileName(`cohorts-${measure}`, range),
          header: ['cohort', 'members', ...columns.map((m) => `month_${m}`)],
          rows: cohorts.map((c) => [c.cohort, c.members, ...columns.map((m) => csvShare(c[measure][m]))]),
        }}
        cellStyle={(row, column) => {
          const value = cohorts[row]?.[measure][column - 2];
          if (column < 2 || value === undefined) return undefined;
          const tone = toneOf(value);
          return { background: tone.background, color: tone.text };
        }}
      />
      <DataTable
        title="Program funnel by sign-up month"
        of="funnel"
        empty={empty}
        columns={[
          { label: 'Sign-up month' },
          { label: 'Members', numeric: true },
          ...FUNNEL_LABELS.map((label) => ({ label, numeric: true })),
        ]}
        rows={cohorts.map((c) => ({
          key: c.cohort,
          cells: [
            f.month(c.cohort),
            f.count(c.members),
            ...FUNNEL.map(
              (step) => `${f.count(c.funnel[step])} (${f.percent(share(c.funnel[step], c.members))})`,
            ),
          ],
        }))}
        csv={{
          name: csvFileName('funnel', range),
          header: ['cohort', 'members', ...FUNNEL],
          rows: cohorts.map((c) => [c.cohort, c.members, ...FUNNEL.map((step) => c.funnel[step])]),
        }}
      />
    </section>
  );
}
