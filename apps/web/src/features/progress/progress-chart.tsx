import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProgramState } from '../program/api';

/** The exercise progress tracker: time (minutes) and reps per logged day. */
export default function ProgressChart({ results }: { results: ProgramState['results'] }) {
  const data = results.map((r) => ({
    day: `Day ${r.day}`,
    minutes: Math.round((r.totalSeconds / 60) * 10) / 10,
    reps: r.reps,
  }));
  return (
    <div
      className="h-72 w-full"
      role="img"
      aria-label={`Chart of time and reps for ${results.length} logged days`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e4e4e7" />
          <XAxis dataKey="day" fontSize={12} />
          <YAxis yAxisId="minutes" fontSize={12} />
          <YAxis yAxisId="reps" orientation="right" fontSize={12} />
          <Tooltip />
          <Legend />
          <Line
            yAxisId="minutes"
            type="monotone"
            dataKey="minutes"
            name="Time (min)"
            stroke="#dc2626"
            strokeWidth={2}
          />
          <Line yAxisId="reps" type="monotone" dataKey="reps" name="Reps" stroke="#18181b" strokeWidth={2} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
