// What is drawn around the figure: its colours, the framing, the mat seen from above and props.
import type { Demo, Timeline } from './motion';
import { FLOOR_Y, VIEW_H, VIEW_W } from './skeleton';

export const COLOURS = {
  near: '#27272a', // zinc-800
  far: '#a1a1aa', // zinc-400
  core: '#dc2626', // brand-600: the trunk, what every exercise here trains
  floor: '#d4d4d8', // zinc-300
  mat: '#e4e4e7', // zinc-200
  prop: '#71717a', // zinc-500
} as const;

/** Fill the frame: a figure lying down is long and low, one standing tall and narrow. */
export function zoomOf(demo: Demo, line: Timeline): string {
  const { box } = line;
  const isTop = demo.view === 'top';
  const [cx, cy] = isTop ? [VIEW_W / 2, VIEW_H / 2] : [VIEW_W / 2, FLOOR_Y];
  const zoom = Math.min(
    1.5,
    (VIEW_W - 24) / (box.maxX - box.minX),
    isTop ? (VIEW_H - 24) / (box.maxY - box.minY) : (FLOOR_Y - 12) / (FLOOR_Y - box.minY),
  );
  return `translate(${cx} ${cy}) scale(${Math.round(zoom * 1000) / 1000}) translate(${-cx} ${-cy})`;
}

/** From above, the mat the figure lies on; and anything the figure holds on to. */
export function Scenery({ demo, line }: { demo: Demo; line: Timeline }) {
  const { box } = line;
  if (demo.view === 'top')
    return (
      <rect
        x={box.minX - 6}
        y={box.minY - 6}
        width={box.maxX - box.minX + 12}
        height={box.maxY - box.minY + 12}
        rx={6}
        fill={COLOURS.mat}
      />
    );
  if (demo.prop === 'circles')
    return [0, 1].map((side) => {
      const ys = line.frames.map((f) => f.body.arms[side]!.end.y);
      const xs = line.frames.map((f) => f.body.arms[side]!.end.x);
      const r = (Math.max(...ys) - Math.min(...ys)) / 2 + 2;
      const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
      const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
      return (
        <circle
          key={side}
          cx={cx}
          cy={cy}
          r={r}
          fill="none"
          stroke={COLOURS.far}
          strokeWidth={1.5}
          strokeDasharray="3 3"
        />
      );
    });
  if (demo.prop !== 'post') return null;
  const hands = line.frames[0]!.body.arms[0].end;
  return (
    <rect
      x={hands.x - 4}
      y={hands.y - 10}
      width={8}
      height={FLOOR_Y - hands.y + 10}
      rx={2}
      fill={COLOURS.prop}
    />
  );
}
