import { useQuery } from '@tanstack/react-query';
import { Card } from '@/components/ui/card';
import { LoadError } from '@/components/ui/load-error';
import { formatNumber, formatPercent } from '@/lib/format';
import { programAnalyticsQuery } from './api';
import { ProgramChart } from './program-chart';
import { TableHead } from './table-head';

const WEEK_NAMES = ['Foundation Week', 'Strength Building', 'Power & Conditioning', 'Mastery & Peak'];
const percent = { format: (ratio: number) => formatPercent(ratio) };
const number = { format: (value: number) => formatNumber(value) };
const rating = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)} / 5`);

/** spec §2 Program: analytics of member progress. */
export default function AdminProgramPage() {
  const analytics = useQuery(programAnalyticsQuery());
  const data = analytics.data;

  return (
    <div className="grid gap-6 p-4 sm:p-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">28-Day Program</h1>
          <p className="text-zinc-600">How members move through the program.</p>
        </div>
        {analytics.isError && (
          <LoadError retryLabel="Retry loading analytics" onRetry={() => analytics.refetch()} />
        )}
      </header>

      <section aria-label="Members past each week" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {(data?.pastWeek ?? [1, 2, 3, 4].map((week) => ({ week, members: 0, share: 0 }))).map((w) => (
          <Card key={w.week} className="grid gap-1 p-5">
            <p className="text-sm font-medium text-zinc-600">
              Past week {w.week} · {WEEK_NAMES[w.week - 1]}
            </p>
            <p className="text-3xl font-extrabold tracking-tight">{percent.format(w.share)}</p>
            <p className="text-xs text-zinc-500">
              {number.format(w.members)} of {number.format(data?.members ?? 0)} members completed {w.week * 7}
              + days
            </p>
          </Card>
        ))}
      </section>

      <Card className="grid gap-3 p-5">
        <h2 className="font-bold">Completions per Program Day</h2>
        {data ? <ProgramChart data={data.completionsPerDay} /> : <div className="h-72" />}
      </Card>

      <div className="grid gap-6 2xl:grid-cols-[2fr_1fr]">
        <Card className="overflow-hidden">
          <h2 className="border-b border-zinc-100 px-5 py-4 font-bold">Top 20 Members by Days Completed</h2>
          {/* Focusable, so a keyboard can scroll the table sideways on a narrow screen. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: axe: a scrollable region must be reachable by keyboard */}
          <section className="overflow-x-auto" aria-label="Top 20 members table" tabIndex={0}>
            <table className="w-full text-left text-sm whitespace-nowrap">
              <TableHead columns={['#', 'Member', 'Email', 'Program', 'Round day', 'Days completed']} />
              <tbody>
                {(data?.topMembers ?? []).map((m, i) => (
                  <tr key={m.userId} className="border-t border-zinc-100">
                    <td className="px-4 py-2 text-zinc-500">{i + 1}</td>
                    <td className="px-4 py-2 font-medium">{m.name}</td>
                    <td className="px-4 py-2">{m.email}</td>
                    <td className="px-4 py-2">
                      {m.program.name} · round {m.roundNumber}
                    </td>
                    <td className="px-4 py-2">
                      Day {m.currentDay} of {m.program.days}
                    </td>
                    <td className="px-4 py-2">{m.completedDays}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          {data && data.topMembers.length === 0 && (
            <p className="px-5 py-6 text-sm text-zinc-500">No member has completed a day yet.</p>
          )}
        </Card>

        <Card className="overflow-hidden">
          <h2 className="border-b border-zinc-100 px-5 py-4 font-bold">Feeling and Energy per Week</h2>
          <table className="w-full text-left text-sm whitespace-nowrap">
            <TableHead columns={['Week', 'Feeling', 'Energy', 'Entries']} />
            <tbody>
              {(data?.wellnessPerWeek ?? []).map((w) => (
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
    </div>
  );
}
