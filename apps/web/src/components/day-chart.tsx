import { PROGRAM_DAYS } from '@core28/core/program';
import { useLayoutEffect, useRef, useState } from 'react';

// The charts of at most 28 days (progress, program analytics) as a small SVG of our own
// instead of recharts (~99 KB gzip on those pages). Drawn at the element's real width so text
// stays 12 px on a phone; the numbers are also a table for screen readers and keyboard users.

export type ChartSeries<Key extends string> = {
  key: Key;
  label: string;
  /** A CSS colour; var(--chart-ink) for the ink that flips with dark mode. */
  color: string;
  dash?: string;
  /** Lines only: the right-hand axis (a second unit), else the left. */
  axis?: 'left' | 'right';
  /** The title of this series' axis, written above it ("Minutes", "Reps"). */
  unit?: string;
};

type Props<Key extends string> = {
  kind: 'line' | 'bar';
  /** The chart's accessible name (role img). */
  label: string;
  /** The data table's caption. */
  caption: string;
  data: ({ day: number } & Record<Key, number>)[];
  series: ChartSeries<Key>[];
  /** The program's length (7–42): the x axis runs from day 1 to it. */
  days?: number;
};

const HEIGHT = 288;
const PAD = { top: 12, bottom: 28, side: 40 };
/** Day 1, every week's end, and the last day. */
const dayTicks = (days: number) => [
  ...new Set([1, ...[7, 14, 21, 28, 35, 42].filter((d) => d < days), days]),
];
const FONT = 12;

/** A round top for an axis and its ticks: 0 to max in 4 steps of 1, 2, 2.5 or 5 × 10ⁿ. */
export function axisTicks(max: number, steps = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / steps;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const whole = step < 1 && max >= steps ? 1 : step;
  return Array.from({ length: Math.ceil(max / whole) + 1 }, (_, i) => Math.round(i * whole * 100) / 100);
}

export function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(560);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(Math.max(240, element.clientWidth));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(240, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export function DayChart<Key extends string>({
  kind,
  label,
  caption,
  data,
  series,
  days = PROGRAM_DAYS,
}: Props<Key>) {
  const { ref, width } = useWidth();
  const hasRight = series.some((s) => s.axis === 'right');
  const left = PAD.side;
  const right = width - (hasRight ? PAD.side : 12);
  const bottom = HEIGHT - PAD.bottom;
  // Each scale says what it counts, above its own axis, in its series' colour.
  const unitOf = (axis: 'left' | 'right') => series.find((s) => (s.axis ?? 'left') === axis && s.unit);
  const padTop = unitOf('left') || unitOf('right') ? PAD.top + 16 : PAD.top;
  const ticksFor = (axis: 'left' | 'right') =>
    axisTicks(
      Math.max(
        0,
        ...series.filter((s) => (s.axis ?? 'left') === axis).flatMap((s) => data.map((d) => d[s.key])),
      ),
    );
  const leftTicks = ticksFor('left');
  const rightTicks = hasRight ? ticksFor('right') : [];
  const top = (axis: 'left' | 'right') => (axis === 'left' ? leftTicks : rightTicks).at(-1) || 1;
  const y = (value: number, axis: 'left' | 'right' = 'left') =>
    bottom - (value / top(axis)) * (bottom - padTop);
  // Bars sit in one equal slot a day; line points on the days themselves, the first and last at the edges.
  const slot = (right - left) / days;
  const x = (day: number) =>
    kind === 'bar' ? left + (day - 0.5) * slot : left + ((day - 1) / (days - 1)) * (right - left);
  const pointTitle = (d: { day: number } & Record<Key, number>) =>
    `Day ${d.day}: ${series.map((s) => `${s.label} ${d[s.key]}`).join(', ')}`;

  return (
    <figure className="grid min-w-0 gap-2">
      {/* The SVG is taken out of the flow, so the box's width is the page's, never the drawing's. */}
      <div ref={ref} role="img" aria-label={label} className="relative h-72 w-full overflow-hidden">
        <svg width={width} height={HEIGHT} aria-hidden="true" fontSize={FONT} className="absolute inset-0">
          {leftTicks.map((t) => (
            <g key={`l${t}`}>
              <line
                x1={left}
                x2={right}
                y1={y(t)}
                y2={y(t)}
                style={{ stroke: 'var(--chart-grid)' }}
                strokeDasharray="3 3"
              />
              <text x={left - 6} y={y(t) + 4} textAnchor="end" style={{ fill: 'var(--chart-text)' }}>
                {t}
              </text>
            </g>
          ))}
          {rightTicks.map((t) => (
            <text key={`r${t}`} x={right + 6} y={y(t, 'right') + 4} style={{ fill: 'var(--chart-text)' }}>
              {t}
            </text>
          ))}
          {(['left', 'right'] as const).map((axis) => {
            const s = unitOf(axis);
            if (!s) return null;
            return (
              <text
                key={axis}
                x={axis === 'left' ? 4 : width - 4}
                y={12}
                textAnchor={axis === 'left' ? 'start' : 'end'}
                style={{ fill: s.color }}
                fontWeight={600}
              >
                {s.unit}
              </text>
            );
          })}
          <line x1={left} x2={right} y1={bottom} y2={bottom} style={{ stroke: 'var(--chart-axis)' }} />
          {dayTicks(days).map((d) => (
            <text key={d} x={x(d)} y={HEIGHT - 8} textAnchor="middle" style={{ fill: 'var(--chart-text)' }}>
              {d === 1 ? 'Day 1' : d}
            </text>
          ))}
          {kind === 'bar'
            ? series.map((s) =>
                data.map((d) => (
                  <rect
                    key={`${s.key}${d.day}`}
                    x={x(d.day) - slot * 0.35}
                    width={slot * 0.7}
                    y={y(d[s.key])}
                    height={bottom - y(d[s.key])}
                    rx={Math.min(4, slot * 0.2)}
                    style={{ fill: s.color }}
                  >
                    <title>{pointTitle(d)}</title>
                  </rect>
                )),
              )
            : series.map((s) => (
                <g key={s.key}>
                  <polyline
                    fill="none"
                    style={{ stroke: s.color }}
                    strokeWidth="2"
                    strokeDasharray={s.dash}
                    points={data.map((d) => `${x(d.day)},${y(d[s.key], s.axis)}`).join(' ')}
                  />
                  {data.map((d) => (
                    <circle
                      key={d.day}
                      cx={x(d.day)}
                      cy={y(d[s.key], s.axis)}
                      r="4"
                      style={{ fill: s.color }}
                    >
                      <title>{pointTitle(d)}</title>
                    </circle>
                  ))}
                </g>
              ))}
        </svg>
      </div>
      {(series.length > 1 || hasRight) && (
        <figcaption className="flex flex-wrap gap-4 text-xs text-zinc-600">
          {series.map((s) => (
            <span key={s.key} className="inline-flex items-center gap-1.5">
              <span className="inline-block h-0.5 w-4" style={{ background: s.color }} aria-hidden />
              {s.label}
              {hasRight && ` (${s.axis === 'right' ? 'right' : 'left'} scale)`}
            </span>
          ))}
        </figcaption>
      )}
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.day}>
              <th scope="row">Day {d.day}</th>
              {series.map((s) => (
                <td key={s.key}>{d[s.key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
