// The figure itself, drawn inside ExerciseDemo's <svg> (loaded lazily, with the pose library).
import type { CSSProperties, ReactNode } from 'react';
import { buildDemo } from './build';
import type { Part } from './keyframes';
import { COLOURS, Scenery, zoomOf } from './scenery';
import { type BONES, FLOOR_Y, HEAD_R, HEEL, lengthOf, TOE, VIEW_W, WIDTHS } from './skeleton';

// Reduced motion: the demo's still key pose (every group's own transform is that pose).
const STILL_CSS =
  '@media (prefers-reduced-motion: reduce){[data-demo-figure] g{animation-name:none!important}}';

export default function DemoFigure({ demoKey, isPaused }: { demoKey: string | null; isPaused: boolean }) {
  const { name, demo, line, animation } = buildDemo(demoKey);
  const { view } = demo;
  /** A joint: placed in its parent (a fixed translate), turning by its animation. */
  const joint = (p: Part, children: ReactNode, stroke?: string) => {
    const id = animation.keyframes[p];
    const style: CSSProperties = {
      transform: animation.still[p],
      ...(id && {
        animationName: id,
        animationDuration: `${animation.duration}s`,
        animationTimingFunction: 'linear',
        animationIterationCount: 'infinite',
        animationPlayState: isPaused ? 'paused' : 'running',
      }),
    };
    const { x, y } = animation.offset[p];
    const turning = (
      <g key={p} style={style} stroke={stroke}>
        {children}
      </g>
    );
    return x === 0 && y === 0 ? (
      turning
    ) : (
      <g key={p} transform={`translate(${x} ${y})`}>
        {turning}
      </g>
    );
  };
  const len = (bone: keyof typeof BONES) => lengthOf(bone, demo.scale);
  const colour = (side: 0 | 1) => (view === 'side' && side === 1 ? COLOURS.far : COLOURS.near);
  const footX = view === 'side' ? 1 : 0.4;
  const mirror = (side: 0 | 1) => (view !== 'side' && side === 0 ? -1 : 1);

  const arm = (side: 0 | 1) =>
    joint(
      side === 0 ? 'arm0' : 'arm1',
      <>
        <line y2={len('upperArm')} strokeWidth={WIDTHS.upperArm} />
        {joint(side === 0 ? 'fore0' : 'fore1', <line y2={len('forearm')} strokeWidth={WIDTHS.forearm} />)}
      </>,
      colour(side),
    );
  const foot = (side: 0 | 1) => (
    <line
      x1={HEEL.x * footX * mirror(side)}
      y1={HEEL.y}
      x2={TOE.x * footX * mirror(side)}
      y2={TOE.y}
      strokeWidth={WIDTHS.foot}
    />
  );
  const leg = (side: 0 | 1) =>
    joint(
      side === 0 ? 'leg0' : 'leg1',
      <>
        <line y2={len('thigh')} strokeWidth={WIDTHS.thigh} />
        {joint(
          side === 0 ? 'shin0' : 'shin1',
          <>
            <line y2={len('shin')} strokeWidth={WIDTHS.shin} />
            {joint(side === 0 ? 'foot0' : 'foot1', foot(side))}
          </>,
        )}
      </>,
      colour(side),
    );
  const isSide = view === 'side';
  const lower = len('lower');
  const upper = len('upper');

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
        <Scenery demo={demo} line={line} />
        {/* Side view, back to front: far leg, far arm, torso, head, near arm, near leg (under the
            torso when folded over it). Front view: legs (over the hips when seated facing the
            camera), torso, head, arms. */}
        {joint(
          'root',
          <>
            {isSide ? (
              <>
                {leg(1)}
                {demo.legsUnder && leg(0)}
              </>
            ) : (
              <>
                {!demo.legsInFront && [leg(0), leg(1)]}
                <polygon
                  points={`-7.5,1 7.5,1 8.5,${-lower} -8.5,${-lower}`}
                  fill={COLOURS.core}
                  stroke={COLOURS.core}
                  strokeWidth={4}
                  strokeLinejoin="round"
                />
                {demo.legsInFront && [leg(0), leg(1)]}
              </>
            )}
            {joint(
              'upper',
              <>
                {isSide && arm(1)}
                {isSide && joint('lowerBack', <line y2={lower} strokeWidth={WIDTHS.torso} />, COLOURS.core)}
                {isSide ? (
                  <line y2={-upper} stroke={COLOURS.core} strokeWidth={WIDTHS.torso} />
                ) : (
                  <polygon
                    points={`-8.5,0 8.5,0 12,${-upper} -12,${-upper}`}
                    fill={COLOURS.core}
                    stroke={COLOURS.core}
                    strokeWidth={4}
                    strokeLinejoin="round"
                  />
                )}
                {joint(
                  'head',
                  <>
                    <line y2={-len('head') + HEAD_R} stroke={COLOURS.near} strokeWidth={5} />
                    <circle cy={-len('head')} r={HEAD_R} fill={COLOURS.near} />
                  </>,
                )}
                {isSide ? arm(0) : [arm(0), arm(1)]}
              </>,
            )}
            {isSide && !demo.legsUnder && leg(0)}
          </>,
        )}
      </g>
    </>
  );
}
