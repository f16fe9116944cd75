// Forward and inverse kinematics of the figure: where every joint is for a pose, and the two-bone
// solution that keeps a planted hand or foot where it is while the body moves.
import {
  type Angles,
  type BoneScale,
  FLOOR_Y,
  HALF_HIPS,
  HALF_SHOULDERS,
  HEAD_R,
  HEEL,
  lengthOf,
  TOE,
  type View,
  WIDTHS,
} from './skeleton';

export type Point = { x: number; y: number };

const RAD = Math.PI / 180;
/** A vector turned by `deg` the way CSS `rotate()` turns it on screen (clockwise, y down). */
export const turn = (deg: number, x: number, y: number): Point => {
  const [c, s] = [Math.cos(deg * RAD), Math.sin(deg * RAD)];
  return { x: x * c - y * s, y: x * s + y * c };
};
const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });
export const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * How each side's joint angles turn its bones on screen (+1 clockwise). A side view's near and far
 * limbs turn alike; a front view's image-left limbs mirror the image-right ones.
 */
type Side = { shoulder: number; elbow: number; hip: number; knee: number; ankle: number; mirror: number };
const SIDE_VIEW: Side = { shoulder: -1, elbow: -1, hip: -1, knee: 1, ankle: 1, mirror: 1 };
const FRONT_RIGHT: Side = { shoulder: -1, elbow: 1, hip: -1, knee: 1, ankle: 1, mirror: 1 };
const FRONT_LEFT: Side = { shoulder: 1, elbow: -1, hip: 1, knee: -1, ankle: -1, mirror: -1 };
export const sidesOf = (view: View): readonly [Side, Side] =>
  view === 'side' ? [SIDE_VIEW, SIDE_VIEW] : [FRONT_LEFT, FRONT_RIGHT];

/** Where a limb is fixed to the torso, across it: nothing in a side view, left and right in front. */
export const attachX = (view: View, side: 0 | 1, half: number) =>
  view === 'side' ? 0 : side === 0 ? -half : half;

/** A front view's foot points at the camera, so it looks short. */
export const footScale = (view: View) => (view === 'side' ? 1 : 0.4);

export type Figure = { view: View; scale?: BoneScale };

export type Limb = {
  base: Point;
  middle: Point; // elbow or knee
  end: Point; // wrist or ankle
  turns: [number, number]; // screen rotation of the upper and lower bone
};
export type Leg = Limb & { heel: Point; toe: Point; footTurn: number };
export type Body = {
  hip: Point;
  waist: Point;
  shoulder: Point;
  head: Point;
  upperTurn: number;
  arms: [Limb, Limb];
  legs: [Leg, Leg];
};

export function bodyAt(figure: Figure, a: Angles, root: Point): Body {
  const { view, scale } = figure;
  const sides = sidesOf(view);
  const waist = add(root, turn(a.pelvis, 0, -lengthOf('lower', scale)));
  const upperTurn = a.pelvis + a.spine;
  const shoulder = add(waist, turn(upperTurn, 0, -lengthOf('upper', scale)));
  const head = add(shoulder, turn(upperTurn + a.neck, 0, -lengthOf('head', scale)));
  const arm = (i: 0 | 1): Limb => {
    const side = sides[i];
    const [s, e] = a.arms[i];
    const base = add(shoulder, turn(upperTurn, attachX(view, i, HALF_SHOULDERS), 0));
    const t1 = upperTurn + side.shoulder * s;
    const middle = add(base, turn(t1, 0, lengthOf('upperArm', scale)));
    const t2 = t1 + side.elbow * e;
    return { base, middle, end: add(middle, turn(t2, 0, lengthOf('forearm', scale))), turns: [t1, t2] };
  };
  const leg = (i: 0 | 1): Leg => {
    const side = sides[i];
    const [h, k, an = 0] = a.legs[i];
    const base = add(root, turn(a.pelvis, attachX(view, i, HALF_HIPS), 0));
    const t1 = a.pelvis + side.hip * h;
    const middle = add(base, turn(t1, 0, lengthOf('thigh', scale)));
    const t2 = t1 + side.knee * k;
    const end = add(middle, turn(t2, 0, lengthOf('shin', scale)));
    const footTurn = t2 + side.ankle * an;
    const f = footScale(view) * side.mirror;
    return {
      base,
      middle,
      end,
      turns: [t1, t2],
      footTurn,
      heel: add(end, turn(footTurn, HEEL.x * f, HEEL.y)),
      toe: add(end, turn(footTurn, TOE.x * f, TOE.y)),
    };
  };
  return { hip: root, waist, shoulder, head, upperTurn, arms: [arm(0), arm(1)], legs: [leg(0), leg(1)] };
}

/** Every point of the body's outline that can touch the floor, with how far it reaches past it. */
export function contacts(body: Body, view: View): { p: Point; r: number }[] {
  const torso = view === 'side' ? WIDTHS.torso / 2 : 5;
  const out = [
    { p: body.hip, r: torso },
    { p: body.waist, r: torso },
    { p: body.shoulder, r: torso },
    { p: body.head, r: HEAD_R },
  ];
  for (const arm of body.arms)
    out.push(
      { p: arm.base, r: torso },
      { p: arm.middle, r: WIDTHS.upperArm / 2 },
      { p: arm.end, r: WIDTHS.forearm / 2 },
    );
  for (const leg of body.legs)
    out.push(
      { p: leg.base, r: WIDTHS.thigh / 2 },
      { p: leg.middle, r: WIDTHS.thigh / 2 },
      { p: leg.end, r: WIDTHS.shin / 2 },
      { p: leg.heel, r: WIDTHS.foot / 2 },
      { p: leg.toe, r: WIDTHS.foot / 2 },
    );
  return out;
}

/** How far the lowest point of the body is above the floor (negative: below it). */
export const heightAboveFloor = (body: Body, view: View) =>
  FLOOR_Y - Math.max(...contacts(body, view).map(({ p, r }) => p.y + r));

/** A screen rotation as the angle that turns a downward bone onto the vector (dx, dy). */
const turnOf = (dx: number, dy: number) => Math.atan2(-dx, dy) / RAD;
/** `deg` moved by whole turns to lie within 180° of `near`. */
export const wrapNear = (deg: number, near: number) => deg - 360 * Math.round((deg - near) / 360);

/**
 * The two joint angles (shoulder and elbow, or hip and knee) that put a limb's end on `target`
 * from `base`, bending the middle joint the way it is bent in `current` (flexion ≥ 0 when nearly
 * straight). Out of reach, the limb points straight at the target.
 */
export function reach(input: {
  base: Point;
  target: Point;
  lengths: [number, number];
  parentTurn: number;
  signs: [number, number];
  current: [number, number];
}): [number, number] {
  const { base, target, lengths, parentTurn, signs, current } = input;
  const [l1, l2] = lengths;
  const dx = target.x - base.x;
  const dy = target.y - base.y;
  const d = Math.min(l1 + l2 - 1e-6, Math.max(Math.abs(l1 - l2) + 1e-6, Math.hypot(dx, dy)));
  const towards = turnOf(dx, dy);
  const spread = Math.acos(Math.min(1, Math.max(-1, (l1 * l1 + d * d - l2 * l2) / (2 * l1 * d)))) / RAD;
  const solutions = [towards + spread, towards - spread].map((t1) => {
    const middle = { x: base.x - l1 * Math.sin(t1 * RAD), y: base.y + l1 * Math.cos(t1 * RAD) };
    const t2 = turnOf(target.x - middle.x, target.y - middle.y);
    const first = wrapNear((t1 - parentTurn) * signs[0], current[0]);
    const second = wrapNear((t2 - t1) * signs[1], 0);
    return [first, second] as [number, number];
  });
  // Bend the way the limb bends now (a near-straight one the way joints bend), nearest `current`.
  const way = Math.abs(current[1]) > 5 ? Math.sign(current[1]) : 1;
  const sameWay = solutions.filter(([, second]) => second * way >= -1e-6);
  const pool = sameWay.length > 0 ? sameWay : solutions;
  const away = (s: [number, number]) => Math.abs(s[0] - current[0]) + Math.abs(s[1] - current[1]);
  return pool.reduce((best, s) => (away(s) < away(best) ? s : best));
}
