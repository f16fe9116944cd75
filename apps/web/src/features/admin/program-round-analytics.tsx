import { useQuery } from '@tanstack/react-query';
import { DayChart } from '@/components/day-chart';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { formatNumber, formatPercent } from '@/lib/format';
import { programAnalyticsQuery } from '../program/admin/programs-api';
import { TableHead } from './table-head';

const percent = { format: (ratio: number) => formatPercent(ratio) };
const number = { format: (value: number) => formatNumber(value) };
const rating = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)} / 5`);

/** One program's rounds, completions, where members stop and how they feel, as the 28-day page shows Core28. */
export function ProgramRoundAnalytics({ programId }: { programId: number }) {
  const analytics = useQuery(programAnalyticsQuery(programId));
  const data = analytics.data;
  if (analytics.isError)
    return <LoadError retryLabel="Retry loading analytics" onRetry={() => analytics.refetch()} />;
  if (!data) return <p className="text-sm text-zinc-500">Loading analytics...</p>;
  const rate = data.completionRate;
  const cards = [
    { label: 'Rounds started', value: number.format(data.roundsStarted), note: 'by members, ever' },
    { label: 'Running now', value: number.format(data.roundsRunning), note: 'on track inside their days' },
    {
      label: 'Finished',
      value: number.format(data.roundsFinished),
      note: `last day (day ${data.program.days}) done`,
    },
    {
      label: 'Completion rate',
      value: rate.rate === null ? '—' : percent.format(rate.rate),
      note: `${number.format(rate.finished)} of ${number.format(rate.rounds)} rounds whose days have passed`,
    },
  ];
  const neverStarted = data.stops.find((s) => s.lastDay === 0)?.rounds ?? 0;
  const stops = data.stops.filter((s) => s.lastDay > 0).map((s) => ({ day: s.lastDay, rounds: s.rounds }));
  const stoppedTotal = data.stops.reduce((n, s) => n + s.rounds, 0);

  return (
    <div className="grid gap-6">
      <section aria-label="Rounds of this program" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <Card key={card.label} className="grid gap-1 p-5">
            <p className="text-sm font-medium text-zinc-600">{card.label}</p>
            <p className="text-3xl font-extrabold tracking-tight">{card.value}</p>
            <p className="text-xs text-zinc-500">{card.note}</p>
          </Card>
        ))}
      </section>
      <Card className="grid gap-3 p-5">
        <h2 className="font-bold">Completions per Program Day</h2>
        <DayChart
          kind="bar"
          days={data.program.days}
          label={`Bar chart of completions over the ${data.program.days} program days`}
          caption="Completions per program day"
          data={data.completionsPerDay}
          series={[{ key: 'completions', label: 'Completions', color: '#dc2626' }]}
        />
      </Card>
      <Card className="grid gap-3 p-5">
        <div>
          <h2 className="font-bold">Where Members Stop</h2>
          <p className="text-sm text-zinc-600">
            {number.format(stoppedTotal)} rounds left early or fallen behind, by the last day done
            {neverStarted ? ` (${number.format(neverStarted)} without a day done)` : ''}.
          </p>
        </div>
        <DayChart
          kind="bar"
          days={data.program.days}
          label={`Bar chart of ${stoppedTotal} stopped rounds by their last completed day`}
          caption="Stopped rounds by last completed day"
          data={stops}
          series={[{ key: 'rounds', label: 'Rounds', color: '#2563eb' }]}
        />
      </Card>
      <Card className="overflow-hidden">
        <h2 className="border-b border-zinc-100 px-5 py-4 font-bold">Feeling and Energy per Week</h2>
        <table className="w-full text-left text-sm whitespace-nowrap">
          <TableHead columns={['Week', 'Feeling', 'Energy', 'Entries']} />
          <tbody>
            {data.wellnessPerWeek.map((w) => (
              <tr key={w.week} className="border-t border-zinc-100">
                <td className="px-4 py-2">Week {w.week}</td>
                <td className="px-4 py-2">{rating(w.feeling)}</td>
                <td className="px-4 py-2">{rating(w.energy)}</td>
                <td className="px-4 py-2">{number.format(w.entries)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}
