import type { BusinessPeriod } from '@core28/core/business';
import { axisTicks, useWidth } from '@/components/day-chart';
import { useFormat } from './ui';

// MRR as a balance: each period's movements as stacked bars (new, reactivation and expansion
// above zero; contraction and churn below) and the MRR at its end as a line on its own scale.
// An SVG of our own, as the other admin charts (no chart library in the bundle).

const UP = [
  { key: 'newMrrCents', label: 'New', color: '#16a34a' },
  { key: 'reactivationMrrCents', label: 'Reactivation', color: '#0d9488' },
  { key: 'expansionMrrCents', label: 'Expansion', color: '#2563eb' },
] as const;
const DOWN = [
  { key: 'contractionMrrCents', label: 'Contraction', color: '#d97706' },
  { key: 'churnMrrCents', label: 'Churn', color: '#dc2626' },
] as const;
const LINE = '#18181b';
const HEIGHT = 260;
const PAD = { top: 12, bottom: 28, left: 56, right: 60 };

export function MrrChart({ periods, by }: { periods: BusinessPeriod[]; by: 'month' | 'week' }) {
  const f = useFormat();
  const { ref, width } = useWidth();
  const up = (p: BusinessPeriod) => UP.reduce((s, m) => s + Math.max(0, p[m.key]), 0);
  const down = (p: BusinessPeriod) => DOWN.reduce((s, m) => s + Math.max(0, p[m.key]), 0);
  // One step above and below zero, so the bars up and down read on the same scale.
  const maxUp = Math.max(0, ...periods.map(up));
  const maxDown = Math.max(0, ...periods.map(down));
  const step = axisTicks(Math.max(maxUp, maxDown))[1] || 1;
  const top = Math.max(1, Math.ceil(maxUp / step)) * step;
  const floor = Math.ceil(maxDown / step) * step;
  const upTicks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const downTicks = Array.from({ length: Math.round(floor / step) }, (_, i) => (i + 1) * step);
  const mrrTicks = axisTicks(Math.max(0, ...periods.map((p) => p.mrrEndCents)));
  const mrrTop = mrrTicks.at(-1) || 1;

  const plotBottom = HEIGHT - PAD.bottom;
  const left = PAD.left;
  const right = width - PAD.right;
  const y = (cents: number) => PAD.top + ((top - cents) / (top + floor)) * (plotBottom - PAD.top);
  const yMrr = (cents: number) => plotBottom - (cents / mrrTop) * (plotBottom - PAD.top);
  const slot = (right - left) / Math.max(1, periods.length);
  const x = (i: number) => left + (i + 0.5) * slot;
  const barWidth = Math.max(4, slot * 0.6);
  const short = new Intl.DateTimeFormat(
    f.locale,
    by === 'month'
      ? { month: 'short', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', timeZone: 'UTC' },
  );
  const every = slot < (by === 'month' ? 30 : 44) ? 2 : 1;
  const first = periods[0];
  const last = periods.at(-1);
  const label =
    first && last
      ? `Chart of MRR from ${f.money(first.mrrStartCents)} to ${f.money(last.mrrEndCents)} over ${periods.length} ${by === 'month' ? 'months' : 'weeks'}, with each period's movements; the numbers are in the table below.`
      : 'Chart of MRR: no periods in this range.';

  return (
    <figure className="grid min-w-0 gap-2">
      <div ref={ref} role="img" aria-label={label} className="relative h-[260px] w-full overflow-hidden">
        <svg width={width} height={HEIGHT} aria-hidden="true" fontSize={12} className="absolute inset-0">
          {[...upTicks, ...downTicks.map((t) => -t)].map((t) => (
            <g key={`m${t}`}>
              <line x1={left} x2={right} y1={y(t)} y2={y(t)} stroke="#e4e4e7" strokeDasharray="3 3" />
              <text x={left - 6} y={y(t) + 4} textAnchor="end" fill="#52525b">
                {f.moneyAxis(t)}
              </text>
            </g>
          ))}
          {mrrTicks.map((t) => (
            <text key={`r${t}`} x={right + 6} y={yMrr(t) + 4} fill="#52525b">
              {f.moneyAxis(t)}
            </text>
          ))}
          {periods.map((p, i) => {
            let high = 0;
            let low = 0;
            const title = `${f.period(p.start, by)}: ${[...UP, ...DOWN].map((m) => `${m.label} ${f.money(p[m.key])}`).join(', ')}; MRR at the end ${f.money(p.mrrEndCents)}`;
            return (
              <g key={p.start}>
                <title>{title}</title>
                {UP.map((m) => {
                  const v = Math.max(0, p[m.key]);
                  const rect = (
                    <rect
                      key={m.key}
                      x={x(i) - barWidth / 2}
                      width={barWidth}
                      y={y(high + v)}
                      height={y(high) - y(high + v)}
                      fill={m.color}
                    />
                  );
                  high += v;
                  return v > 0 ? rect : null;
                })}
                {DOWN.map((m) => {
                  const v = Math.max(0, p[m.key]);
                  const rect = (
                    <rect
                      key={m.key}
                      x={x(i) - barWidth / 2}
                      width={barWidth}
                      y={y(-low)}
                      height={y(-low - v) - y(-low)}
                      fill={m.color}
                    />
                  );
                  low += v;
                  return v > 0 ? rect : null;
                })}
                {i % every === 0 && (
                  <text x={x(i)} y={HEIGHT - 8} textAnchor="middle" fill="#52525b">
                    {short.format(new Date(`${p.start}T00:00:00Z`))}
                  </text>
                )}
              </g>
            );
          })}
          <line x1={left} x2={right} y1={y(0)} y2={y(0)} stroke="#a1a1aa" />
          <polyline
            fill="none"
            stroke={LINE}
            strokeWidth="2"
            points={periods.map((p, i) => `${x(i)},${yMrr(p.mrrEndCents)}`).join(' ')}
          />
          {periods.map((p, i) => (
            <circle key={p.start} cx={x(i)} cy={yMrr(p.mrrEndCents)} r="3.5" fill={LINE} />
          ))}
        </svg>
      </div>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600">
        {[...UP, ...DOWN].map((m) => (
          <span key={m.key} className="inline-flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm" style={{ background: m.color }} aria-hidden />
            {m.label} ({UP.some((u) => u.key === m.key) ? 'above' : 'below'} zero, left scale)
          </span>
        ))}
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4" style={{ background: LINE }} aria-hidden />
          MRR at the period’s end (right scale)
        </span>
      </figcaption>
    </figure>
  );
}
