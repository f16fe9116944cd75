// The figure itself, drawn inside ExerciseDemo's <svg> (loaded lazily, with the pose library).
import type { CSSProperties, ReactNode } from 'react';
import { type Animation, animationOf, type Part } from './keyframes';
import { DEMOS, NEUTRAL } from './library';
import { type Demo, type Timeline, timeline } from './motion';
import { type BONES, FLOOR_Y, HEAD_R, HEEL, lengthOf, TOE, VIEW_H, VIEW_W, WIDTHS } from './skeleton';

export const COLOURS = {
  near: '#27272a', // zinc-800
  far: '#a1a1aa', // zinc-400
  core: '#dc2626', // brand-600: the trunk, what every exercise here trains
  floor: '#d4d4d8', // zinc-300
  mat: '#e4e4e7', // zinc-200
  prop: '#71717a', // zinc-500
} as const;

type Built = { name: string; demo: Demo; line: Timeline; animation: Animation };
const built = new Map<string, Built>();

/** The demo for a key, its frames and its CSS, computed once per key. Unknown keys: the neutral figure. */
export function buildDemo(key: string | null): Built {
  const name = key && Object.hasOwn(DEMOS, key) ? key : 'neutral';
  let entry = built.get(name);
  if (!entry) {
    const demo = name === 'neutral' ? NEUTRAL : DEMOS[name]!;
    const line = timeline(demo);
    entry = { name, demo, line, animation: animationOf(name, demo, line) };
    built.set(name, entry);
  }
  return entry;
}

// Reduced motion: the first key pose, still (every group's own transform is that pose).
const STILL_CSS =
  '@media (prefers-reduced-motion: reduce){[data-demo-figure] g{animation-name:none!important}}';

export default function DemoFigure({ demoKey, isPaused }: { demoKey: string | null; isPaused: boolean }) {
  const { name, demo, line, animation } = buildDemo(demoKey);
  const { view } = demo;
  const part = (p: Part): CSSProperties => {
    const id = animation.keyframes[p];
    return {
      transform: animation.still[p],
      ...(id && {
        animationName: id,
        animationDuration: `${animation.duration}s`,
        animationTimingFunction: 'linear',
        animationIterationCount: 'infinite',
        animationPlayState: isPaused ? 'paused' : 'running',
      }),
    };
  };
  const len = (bone: keyof typeof BONES) => lengthOf(bone, demo.scale);
  const colour = (side: 0 | 1) => (view === 'side' && side === 1 ? COLOURS.far : COLOURS.near);
  const footX = view === 'side' ? 1 : 0.4;
  const mirror = (side: 0 | 1) => (view !== 'side' && side === 0 ? -1 : 1);

  const arm = (side: 0 | 1) => (
    <g key={`arm${side}`} style={part(side === 0 ? 'arm0' : 'arm1')} stroke={colour(side)}>
      <line y2={len('upperArm')} strokeWidth={WIDTHS.upperArm} />
      <g style={part(side === 0 ? 'fore0' : 'fore1')}>
        <line y2={len('forearm')} strokeWidth={WIDTHS.forearm} />
      </g>
    </g>
  );
  const leg = (side: 0 | 1) => (
    <g key={`leg${side}`} style={part(side === 0 ? 'leg0' : 'leg1')} stroke={colour(side)}>
      <line y2={len('thigh')} strokeWidth={WIDTHS.thigh} />
      <g style={part(side === 0 ? 'shin0' : 'shin1')}>
        <line y2={len('shin')} strokeWidth={WIDTHS.shin} />
        <g style={part(side === 0 ? 'foot0' : 'foot1')}>
          <line
            x1={HEEL.x * footX * mirror(side)}
            y1={HEEL.y}
            x2={TOE.x * footX * mirror(side)}
            y2={TOE.y}
            strokeWidth={WIDTHS.foot}
          />
        </g>
      </g>
    </g>
  );
  const isSide = view === 'side';
  const lower = len('lower');
  const upper = len('upper');
  const torso = (lines: ReactNode, shape: string) =>
    isSide ? lines : <polygon points={shape} fill={COLOURS.core} strokeWidth={4} strokeLinejoin="round" />;

  return (
    <>
      <style>{`${animation.css}\n${STILL_CSS}`}</style>
      {view !== 'top' && (
        <line
          x1={8}
          x2={VIEW_W - 8}
          y1={FLOOR_Y + 1}
          y2={FLOOR_Y + 1}
          stroke={COLOURS.floor}
          strokeWidth={2}
        />
      )}
      <g
        transform={zoomOf(demo, line)}
        data-demo-figure={name}
        data-key-times={line.keyTimes.map((t) => Math.round(t * 1000)).join(' ')}
        data-duration={Math.round(line.duration * 1000)}
        fill="none"
        strokeLinecap="round"
      >
        <Props demo={demo} line={line} />
        <g style={part('root')}>
          {isSide ? [leg(1), demo.legsUnder && leg(0)] : !demo.legsInFront && [leg(0), leg(1)]}
          <g style={part('upper')}>
            {isSide && arm(1)}
            <g style={part('lowerBack')} stroke={COLOURS.core}>
              {torso(
                <line y2={lower} strokeWidth={WIDTHS.torso} />,
                `-8.5,0 8.5,0 7.5,${lower + 1} -7.5,${lower + 1}`,
              )}
            </g>
            <g stroke={COLOURS.core}>
              {torso(
                <line y2={-upper} strokeWidth={WIDTHS.torso} />,
                `-8.5,0 8.5,0 12,${-upper} -12,${-upper}`,
              )}
            </g>
            <g style={part('head')}>
              <line y2={-len('head') + HEAD_R} stroke={COLOURS.near} strokeWidth={5} />
              <circle cy={-len('head')} r={HEAD_R} fill={COLOURS.near} />
            </g>
            {isSide ? arm(0) : [arm(0), arm(1)]}
          </g>
          {isSide ? !demo.legsUnder && leg(0) : demo.legsInFront && [leg(0), leg(1)]}
        </g>
      </g>
    </>
  );
}

/** Fill the frame: a figure lying down is long and low, one standing tall and narrow. */
function zoomOf(demo: Demo, line: Timeline): string {
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
function Props({ demo, line }: { demo: Demo; line: Timeline }) {
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
