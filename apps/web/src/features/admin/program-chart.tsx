import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProgramAnalytics } from './api';

/** Completions per program day (recharts loads with this page only). */
export default function ProgramChart({ data }: { data: ProgramAnalytics['completionsPerDay'] }) {
  const total = data.reduce((n, d) => n + d.completions, 0);
  return (
    <div
      className="h-72 w-full"
      role="img"
      aria-label={`Bar chart of ${total} completions over the 28 program days`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" vertical={false} />
          <XAxis dataKey="day" fontSize={12} tickLine={false} />
          <YAxis fontSize={12} allowDecimals={false} />
          <Tooltip labelFormatter={(day) => `Day ${day}`} formatter={(value) => [value, 'Completions']} />
          <Bar dataKey="completions" fill="#dc2626" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
