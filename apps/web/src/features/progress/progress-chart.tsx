import { DayChart } from '@/components/day-chart';
import type { ProgramState } from '../program/api';

/** The exercise progress tracker: time (minutes) and reps per logged day. */
export function ProgressChart({ results }: { results: ProgramState['results'] }) {
  const data = [...results]
    .sort((a, b) => a.day - b.day)
    .map((r) => ({ day: r.day, minutes: Math.round((r.totalSeconds / 60) * 10) / 10, reps: r.reps }));
  return (
    <DayChart
      kind="line"
      label={`Chart of time and reps for ${results.length} logged days`}
      caption="Time and reps per logged day"
      data={data}
      series={[
        { key: 'minutes', label: 'Time (min)', unit: 'Minutes', color: '#dc2626' },
        { key: 'reps', label: 'Reps', unit: 'Reps', color: 'var(--chart-ink)', dash: '5 3', axis: 'right' },
      ]}
    />
  );
}
