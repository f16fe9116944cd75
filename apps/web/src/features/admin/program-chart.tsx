import { DayChart } from '@/components/day-chart';
import type { ProgramAnalytics } from './api';

/** Completions per program day. */
export function ProgramChart({ data }: { data: ProgramAnalytics['completionsPerDay'] }) {
  const total = data.reduce((n, d) => n + d.completions, 0);
  return (
    <DayChart
      kind="bar"
      label={`Bar chart of ${total} completions over the 28 program days`}
      caption="Completions per program day"
      data={data}
      series={[{ key: 'completions', label: 'Completions', color: '#dc2626' }]}
    />
  );
}
