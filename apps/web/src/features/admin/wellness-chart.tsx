import { PROGRAM_DAYS } from '@core28/core/program';

// Feeling and energy per day as a small SVG of our own (instead of recharts, decision 0017).

// Drawn at about a phone card's width (a 390 px screen leaves ~320 px) and scaled from there: at
// 560 wide it shrank to 0.57 on a phone and its 11-unit labels to 6 px.
const W = 340;
const H = 130;
const PAD = { left: 24, right: 8, top: 10, bottom: 22 };
const LABEL = 12;
const x = (day: number) => PAD.left + ((day - 1) / (PROGRAM_DAYS - 1)) * (W - PAD.left - PAD.right);
const y = (value: number) => PAD.top + ((5 - value) / 4) * (H - PAD.top - PAD.bottom);

type Entry = { day: number; feeling: number; energy: number };
const SERIES = [
  { key: 'feeling', label: 'Feeling', color: '#dc2626', dash: undefined },
  { key: 'energy', label: 'Energy', color: '#2563eb', dash: '5 3' },
] as const;

/** Feeling and energy (1–5) over the 28 days; the numbers are also a table for screen readers. */
export function WellnessChart({ entries }: { entries: Entry[] }) {
  if (entries.length === 0) return <p className="text-sm text-zinc-500">No wellness logged yet.</p>;
  const sorted = [...entries].sort((a, b) => a.day - b.day);
  return (
    <figure className="grid max-w-md gap-2">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-label="Feeling and energy per day"
      >
        {[1, 2, 3, 4, 5].map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#e4e4e7" />
            <text x={PAD.left - 8} y={y(v) + 4} fontSize={LABEL} textAnchor="end" fill="#71717a">
              {v}
            </text>
          </g>
        ))}
        {[1, 7, 14, 21, 28].map((d) => (
          <text key={d} x={x(d)} y={H - 6} fontSize={LABEL} textAnchor="middle" fill="#71717a">
            {d}
          </text>
        ))}
        {SERIES.map((s) => (
          <g key={s.key}>
            <polyline
              fill="none"
              stroke={s.color}
              strokeWidth="2"
              strokeDasharray={s.dash}
              points={sorted.map((e) => `${x(e.day)},${y(e[s.key])}`).join(' ')}
            />
            {sorted.map((e) => (
              <circle key={e.day} cx={x(e.day)} cy={y(e[s.key])} r="3" fill={s.color} />
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="flex gap-4 text-xs text-zinc-600">
        {SERIES.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-4" style={{ background: s.color }} aria-hidden />
            {s.label}
          </span>
        ))}
        <span>Day 1–28, scale 1–5</span>
      </figcaption>
      <table className="sr-only">
        <caption>Wellness per day</caption>
        <thead>
          <tr>
            <th>Day</th>
            <th>Feeling</th>
            <th>Energy</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((e) => (
            <tr key={e.day}>
              <td>{e.day}</td>
              <td>{e.feeling}</td>
              <td>{e.energy}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
