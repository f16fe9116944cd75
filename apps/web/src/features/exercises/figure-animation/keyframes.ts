// A demo's timeline as CSS: one @keyframes per moving joint group (a translate that never changes
// and a rotate that does; the root also moves), thinned to the stops that change the picture.
import { attachX, sidesOf } from './body';
import type { Demo, Frame, Timeline } from './motion';
import { type Bone, HALF_HIPS, HALF_SHOULDERS, lengthOf } from './skeleton';

/** The figure's joint groups, outermost first; each turns about its own origin. */
export const PARTS = [
  'root',
  'upper',
  'lowerBack', // the lower torso drawn again inside 'upper', behind the far arm's shoulder
  'head',
  'arm0',
  'fore0',
  'arm1',
  'fore1',
  'leg0',
  'shin0',
  'foot0',
  'leg1',
  'shin1',
  'foot1',
] as const;
export type Part = (typeof PARTS)[number];

type Placement = { x: number; y: number; deg: number };

/** Where each part sits in its parent part, and how far it turns, for one frame. */
export function placementsOf(demo: Demo, f: Pick<Frame, 'angles' | 'root'>): Record<Part, Placement> {
  const { angles: a, root } = f;
  const sides = sidesOf(demo.view);
  const len = (bone: Bone) => lengthOf(bone, demo.scale);
  const arm = (i: 0 | 1): Placement => ({
    x: attachX(demo.view, i, HALF_SHOULDERS),
    y: -len('upper'),
    deg: sides[i].shoulder * a.arms[i][0],
  });
  const leg = (i: 0 | 1): Placement => ({
    x: attachX(demo.view, i, HALF_HIPS),
    y: 0,
    deg: sides[i].hip * a.legs[i][0],
  });
  return {
    root: { x: root.x, y: root.y, deg: a.pelvis },
    upper: { x: 0, y: -len('lower'), deg: a.spine },
    lowerBack: { x: 0, y: 0, deg: -a.spine },
    head: { x: 0, y: -len('upper'), deg: a.neck },
    arm0: arm(0),
    fore0: { x: 0, y: len('upperArm'), deg: sides[0].elbow * a.arms[0][1] },
    arm1: arm(1),
    fore1: { x: 0, y: len('upperArm'), deg: sides[1].elbow * a.arms[1][1] },
    leg0: leg(0),
    shin0: { x: 0, y: len('thigh'), deg: sides[0].knee * a.legs[0][1] },
    foot0: { x: 0, y: len('shin'), deg: sides[0].ankle * (a.legs[0][2] ?? 0) },
    leg1: leg(1),
    shin1: { x: 0, y: len('thigh'), deg: sides[1].knee * a.legs[1][1] },
    foot1: { x: 0, y: len('shin'), deg: sides[1].ankle * (a.legs[1][2] ?? 0) },
  };
}

const round = (n: number) => Math.round(n * 10) / 10 || 0;
/** The root moves and turns; every other part only turns, at a place in its parent that never changes. */
export const transformOf = (part: Part, p: Placement) =>
  part === 'root'
    ? `translate(${round(p.x)}px,${round(p.y)}px) rotate(${round(p.deg)}deg)`
    : `rotate(${round(p.deg)}deg)`;

type Stop = { t: number } & Placement;

/** Drop every stop that a straight line between its neighbours already draws to within a hair. */
function thin(stops: Stop[]): Stop[] {
  const kept = [stops[0]!];
  let from = 0;
  for (let to = 2; to < stops.length; to++) {
    const a = stops[from]!;
    const b = stops[to]!;
    const fits = stops.slice(from + 1, to).every((s) => {
      const u = (s.t - a.t) / (b.t - a.t || 1);
      const at = (k: 'x' | 'y' | 'deg') => a[k] + (b[k] - a[k]) * u;
      return (
        Math.abs(at('deg') - s.deg) < 0.4 && Math.abs(at('x') - s.x) < 0.25 && Math.abs(at('y') - s.y) < 0.25
      );
    });
    if (!fits) {
      from = to - 1;
      kept.push(stops[from]!);
    }
  }
  kept.push(stops[stops.length - 1]!);
  return kept;
}

export type Animation = {
  /** Seconds the loop lasts. */
  duration: number;
  /** Where each part sits in its parent (the root: 0, 0; it moves itself). */
  offset: Record<Part, { x: number; y: number }>;
  /** The transform of each part at the demo's still key pose (what reduced motion shows). */
  still: Record<Part, string>;
  /** The @keyframes of the parts that move, by part; none for the ones that do not. */
  keyframes: Partial<Record<Part, string>>;
  css: string;
};

export function animationOf(name: string, demo: Demo, line: Timeline): Animation {
  const byFrame = line.frames.map((f) => ({ t: f.t, at: placementsOf(demo, f) }));
  const stillAt = line.keyTimes[demo.still ?? 0] ?? 0;
  const stillFrame = byFrame.find((f) => f.t === stillAt) ?? byFrame[0]!;
  const still = {} as Record<Part, string>;
  const offset = {} as Record<Part, { x: number; y: number }>;
  const keyframes: Partial<Record<Part, string>> = {};
  const rules: string[] = [];
  for (const part of PARTS) {
    const stops = byFrame.map(({ t, at }) => ({ t, ...at[part] }));
    const first = stops[0]!;
    still[part] = transformOf(part, stillFrame.at[part]);
    offset[part] = part === 'root' ? { x: 0, y: 0 } : { x: round(first.x), y: round(first.y) };
    const moves = stops.some(
      (s) =>
        Math.abs(s.deg - first.deg) > 0.05 ||
        Math.abs(s.x - first.x) > 0.05 ||
        Math.abs(s.y - first.y) > 0.05,
    );
    if (!moves) continue;
    const id = `demo-${name}-${part}`;
    keyframes[part] = id;
    const body = thin(stops)
      .map((s) => `${Math.round((s.t / line.duration) * 10000) / 100}%{transform:${transformOf(part, s)}}`)
      .join('');
    rules.push(`@keyframes ${id}{${body}}`);
  }
  return { duration: line.duration, offset, still, keyframes, css: rules.join('\n') };
}
